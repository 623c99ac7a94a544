import { describe, expect, it } from 'vitest';
import { useCheaperWalk } from '../../../../src/builder/markdown/prismWalk.js';
import { freshPrism, registerGrammars, valueShape, type Prism } from './freshPrism.js';

// The cheaper walk of Prism's languages (prismWalk.ts) must leave every grammar as Prism's own walk
// does: the same objects shared the same way, the same patterns, the same hooks. Each case registers
// highlight.ts's grammars, in its order, into a Prism of its own (prism-core.js imported again under
// another URL), as refractor's register() does.

async function registered(cheaper: boolean): Promise<Prism> {
  const prism = await freshPrism();
  if (cheaper) useCheaperWalk(prism.languages);
  return registerGrammars(prism);
}

/** The languages as a text (the walk itself, DFS, left out: it is what differs), then the hooks by their length. */
function shape(prism: Prism): string {
  const hooks = Object.entries(prism.hooks.all).map(([name, list]) => `${name}:${list.map((f) => String(f).length).join(',')}`);
  return `${valueShape(prism.languages, { fn: (f) => `${f.name} ${String(f).length}`, skip: 'DFS' })}\n${hooks.join('\n')}`;
}

describe('the cheaper walk of Prism languages', () => {
  it('registers every grammar as Prism’s own walk does', async () => {
    const [prisms, cheaper] = [await registered(false), await registered(true)];
    expect(cheaper.languages.DFS).not.toBe(prisms.languages.DFS);
    const expected = shape(prisms);
    // Something to compare: the grammars that rewrite others (css and javascript into markup) ran.
    expect(Object.keys(prisms.languages)).toEqual(expect.arrayContaining(['markup', 'css', 'javascript', 'typescript', 'php', 'http']));
    expect(expected).toContain('"style"');
    expect(shape(cheaper)).toBe(expected);
  });
});
