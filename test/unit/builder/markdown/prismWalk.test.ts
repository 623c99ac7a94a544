import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { GRAMMARS } from '../../../../src/builder/markdown/highlight.js';
import { useCheaperWalk } from '../../../../src/builder/markdown/prismWalk.js';

// The cheaper walk of Prism's languages (prismWalk.ts) must leave every grammar as Prism's own walk
// does: the same objects shared the same way, the same patterns, the same hooks. Each case registers
// highlight.ts's grammars, in its order, into a Prism of its own (prism-core.js imported again under
// another URL), as refractor's register() does.

type Prism = { languages: Record<string, unknown>; hooks: { all: Record<string, unknown[]> }; register?: (g: Grammar) => void };
type Grammar = ((p: Prism) => void) & { displayName: string };

const prismCore = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('refractor/core')), 'prism-core.js')).href;
let fresh = 0;

async function registered(cheaper: boolean): Promise<Prism> {
  const { Prism: core } = (await import(/* @vite-ignore */ `${prismCore}?prism-walk-test=${++fresh}`)) as { Prism: Prism };
  const prism = Object.create(core) as Prism;
  prism.register = (g) => {
    if (prism.languages[g.displayName] === undefined) g(prism);
  };
  if (cheaper) useCheaperWalk(prism.languages);
  for (const g of GRAMMARS as unknown as Grammar[]) prism.register(g);
  return prism;
}

/** The languages as a text: each object and array numbered where first met, later meetings by number. */
function shape(prism: Prism): string {
  const ids = new Map<unknown, number>();
  const text = (v: unknown): string => {
    const tag = Object.prototype.toString.call(v);
    if (tag === '[object Object]' || tag === '[object Array]') {
      if (ids.has(v)) return `#${ids.get(v)}`;
      ids.set(v, ids.size);
      const parts: string[] = [];
      for (const k in v as object) if (Object.prototype.hasOwnProperty.call(v, k)) parts.push(`${JSON.stringify(k)}:${k === 'DFS' ? 'walk' : text((v as Record<string, unknown>)[k])}`);
      return `${tag === '[object Array]' ? 'A' : 'O'}${ids.get(v)}{${parts.join(',')}}`;
    }
    if (v instanceof RegExp) return `/${v.source}/${v.flags}`;
    if (typeof v === 'function') return `function ${v.name} ${String(v).length}`;
    return JSON.stringify(v) ?? 'undefined';
  };
  const hooks = Object.entries(prism.hooks.all).map(([name, list]) => `${name}:${list.map((f) => String(f).length).join(',')}`);
  return `${text(prism.languages)}\n${hooks.join('\n')}`;
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
