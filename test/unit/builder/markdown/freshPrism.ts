import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { GRAMMARS } from '../../../../src/builder/markdown/highlight.js';

// For the tests of highlight.ts's grammars (prismWalk.test.ts, grammarPrefix.test.ts): a Prism of its
// own (prism-core.js imported again under another URL), grammars registered into it as refractor's
// register() does, and a grammar written out as a text to compare.

export type Prism = {
  languages: Record<string, unknown>;
  hooks: { all: Record<string, unknown[]>; run: (name: string, env: object) => void };
  highlight: (text: string, grammar: unknown, language: string) => unknown;
  util: { encode: (tokens: unknown) => unknown };
  Token: { stringify: (value: unknown, language: string) => unknown };
  register?: (g: Grammar) => void;
};
export type Grammar = ((p: Prism) => void) & { displayName: string };

const prismCore = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('refractor/core')), 'prism-core.js')).href;
let fresh = 0;

/** A new Prism (its core: `Object.getPrototypeOf`), with no grammar registered, and register() as refractor's. */
export async function freshPrism(): Promise<Prism> {
  const { Prism: core } = (await import(/* @vite-ignore */ `${prismCore}?fresh-prism=${++fresh}`)) as { Prism: Prism };
  const prism = Object.create(core) as Prism;
  prism.register = (g) => {
    if (prism.languages[g.displayName] === undefined) g(prism);
  };
  return prism;
}

/** Registers the first `count` of highlight.ts's grammars (all by default), in its order. */
export function registerGrammars(prism: Prism, count = GRAMMARS.length): Prism {
  for (const g of (GRAMMARS as unknown as Grammar[]).slice(0, count)) prism.register!(g);
  return prism;
}

/**
 * A value as a text: each object and array numbered where first met, later meetings by number (so
 * that objects shared the same way give the same text); patterns by source and flags; a function as
 * `fn` writes it; a key `skip` names by the key alone.
 */
export function valueShape(value: unknown, options: { fn: (f: (...args: never[]) => unknown) => string; skip?: string }): string {
  const ids = new Map<unknown, number>();
  const text = (v: unknown): string => {
    const tag = Object.prototype.toString.call(v);
    if (tag === '[object Object]' || tag === '[object Array]') {
      if (ids.has(v)) return `#${ids.get(v)}`;
      ids.set(v, ids.size);
      const parts: string[] = [];
      for (const k in v as object) if (Object.prototype.hasOwnProperty.call(v, k)) parts.push(`${JSON.stringify(k)}:${k === options.skip ? 'skipped' : text((v as Record<string, unknown>)[k])}`);
      return `${tag === '[object Array]' ? 'A' : 'O'}${ids.get(v)}{${parts.join(',')}}`;
    }
    if (v instanceof RegExp) return `/${v.source}/${v.flags}`;
    if (typeof v === 'function') return `function ${options.fn(v as (...args: never[]) => unknown)}`;
    return JSON.stringify(v) ?? 'undefined';
  };
  return text(value);
}
