import { describe, expect, it } from 'vitest';
import { GRAMMAR_PREFIX, GRAMMARS, highlight } from '../../../../src/builder/markdown/highlight.js';
import { useCheaperWalk } from '../../../../src/builder/markdown/prismWalk.js';
import { freshPrism, registerGrammars, valueShape, type Prism } from './freshPrism.js';

// highlight.ts registers only the first GRAMMAR_PREFIX[language] of its grammars before it highlights a
// language. That table is made again here: for each language Prism knows once all are registered, the
// fewest first grammars (in highlight.ts's order, into a Prism of its own: prism-core.js imported
// again under another URL) after which its grammar is the same (the same objects shared the same
// way, patterns, functions), and after which Prism, hooks included, highlights a text the same.

type Token = { type: string; content: unknown; alias?: string | string[] };

/** A Prism with the first `count` grammars of highlight.ts registered, as refractor's register() does. */
async function registered(count: number): Promise<Prism> {
  const prism = await freshPrism();
  const core = Object.getPrototypeOf(prism) as Prism;
  // As refractor/lib/core.js gives Prism: tokens kept as they are, and each made a node through the 'wrap' hooks.
  core.util.encode = (tokens) => tokens;
  const stringify = (value: unknown, language: string): unknown => {
    if (typeof value === 'string') return { type: 'text', value };
    if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined && v !== '').map((v) => stringify(v, language));
    const token = value as Token;
    const env = { attributes: {}, classes: ['token', token.type], content: stringify(token.content, language), language, tag: 'span', type: token.type };
    if (token.alias) env.classes.push(...(typeof token.alias === 'string' ? [token.alias] : token.alias));
    core.hooks.run('wrap', env);
    return env;
  };
  core.Token.stringify = stringify;
  useCheaperWalk(prism.languages);
  return registerGrammars(prism, count);
}

/** A grammar as a text (the same objects shared the same way, patterns, functions by their source). */
const shape = (grammar: unknown) => valueShape(grammar, { fn: (f) => String(f) });

// A text with something for most grammars: markup with entities and embedded script and style, an
// escape in a bash string (an entity token), a fenced block, php, comments, numbers, strings.
const SAMPLE = [
  '<div class="a" style="color: red">&amp; &lt;b&gt;<script>let x = 1 + 2; // c</script><style>p { margin: 0 }</style></div>',
  "echo $'a\\nb' \"$HOME\" | grep -e 'x' # comment",
  '```js\nconst a = `t${1}`;\n```',
  '<?php echo "hi"; ?> function f(int $x): int { return $x * 2; }',
  'key: value # yaml\n- item: 3.14\n[section]\nname = "toml"\nSELECT * FROM t WHERE id = 1;',
].join('\n');

describe('the grammars a language needs', () => {
  it('GRAMMAR_PREFIX is, for each language, the fewest first grammars that give its grammar and its highlighting as all of them do', async () => {
    const states: Prism[] = [];
    for (let count = 0; count <= GRAMMARS.length; count++) states.push(await registered(count));
    const all = states[GRAMMARS.length];
    const languages = Object.keys(all.languages).filter((name) => typeof all.languages[name] !== 'function' && !['plain', 'plaintext', 'text', 'txt'].includes(name));
    const made: Record<string, number> = {};
    // The grammars first: highlighting changes them (Prism keeps a global copy of a greedy pattern in its grammar).
    for (const name of languages) {
      const grammar = shape(all.languages[name]);
      const same = (prism: Prism) => Object.prototype.hasOwnProperty.call(prism.languages, name) && shape(prism.languages[name]) === grammar;
      let count = 0;
      while (!same(states[count])) count++;
      // And every count after it, up to all of them: registering goes on from there.
      for (let more = count; more <= GRAMMARS.length; more++) expect(same(states[more]), `${name}'s grammar after ${more} grammars`).toBe(true);
      made[name] = count;
    }
    // Then the highlighting, hooks included: a language needs as many as it needs for both. Its grammar
    // being the same from there on, it is checked where a hook was added.
    const hooks = (prism: Prism) => Object.values(prism.hooks.all).flat();
    const hooked = states.map((prism, count) => count > 0 && hooks(prism).length !== hooks(states[count - 1]).length);
    for (const name of languages) {
      const highlighted = JSON.stringify(all.highlight(SAMPLE, all.languages[name], name));
      const same = (prism: Prism) => JSON.stringify(prism.highlight(SAMPLE, prism.languages[name], name)) === highlighted;
      while (!same(states[made[name]])) made[name]++;
      for (let more = made[name] + 1; more <= GRAMMARS.length; more++) if (hooked[more]) expect(same(states[more]), `${name}'s highlighting after ${more} grammars`).toBe(true);
    }
    // Something to compare: bash needs markup's hook (its escapes are entity tokens, given a title),
    // and markup needs the grammars registered after it that add to it (javascript's script tags).
    const withMarkup = GRAMMARS.findIndex((g) => g.displayName === 'markup') + 1;
    expect(made.bash).toBe(withMarkup);
    expect(made.markup).toBeGreaterThan(withMarkup);
    // That hook gives any language's entity tokens a title, whatever the text: none goes without it.
    for (const name of languages) made[name] = Math.max(made[name], withMarkup);
    expect(GRAMMAR_PREFIX).toEqual(made);
  });

  it('highlights as with every grammar registered when it has registered only some', () => {
    // This thread's first highlight: YAML registers the first 20 grammars, bash's escapes still get their title.
    const yaml = highlight('key: value', 'yaml');
    expect(yaml[0].html).toContain('atrule');
    const bash = highlight("echo $'a\\nb'", 'bash');
    expect(bash[0].html).toContain('title="\\n"');
  });
});
