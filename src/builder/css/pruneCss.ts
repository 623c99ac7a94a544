// Drops from a stylesheet the selectors that can match no element of the site: a selector needs each
// class it names (outside `:not()`) to be used; `:is()`, `:where()`, `:has()`, `:nth-child(… of S)`
// and `:global()` need one of their selectors to be able to match; `[class~=x]` and `[class=x]` need x;
// a type needs its element to be on some page or named by the site's code (`kbd`, `details`, `table`
// on a site with none go); other attribute selectors, ids and pseudo-elements need nothing. A rule whose every selector
// is dropped goes, and so do the `@media`/`@supports`/`@layer`/`@container` blocks left empty (any
// depth). `@keyframes` no kept declaration, custom property or code string names go too, and so do
// the declarations of custom properties nothing kept reads (through var() chains), none a code string
// or markup names, none `keepVariable` keeps (the site's). What `keep(selector)` says must stay (the
// site's own rules) stays whatever it names. Declarations a later rule of the same selector overrides
// go (overridden.ts), and a theme custom property with one value everywhere is written in place of
// its var()s (constants.ts).
// The stylesheet is read and written by lightningcss (its AST, through a visitor): never by regexes.
import { transform, type Selector, type SelectorComponent } from 'lightningcss';
import { SitegenError } from '../errors.js';
import type { ClassSet } from './classSet.js';
import { dropOverridden, type NamesVisitor } from './overridden.js';
import { constantsWalk } from './constants.js';

export interface PruneResult {
  code: string;
  /** Selectors dropped (each selector of a list counts once). */
  selectors: number;
  /** `@keyframes` dropped, by name. */
  keyframes: string[];
  /** Custom properties whose declarations were dropped, by name. */
  variables: string[];
  /** Declarations dropped because a later rule of the same selector sets the same property (overridden.ts). */
  declarations: number;
  /** Custom properties with one value everywhere, written in place of their var()s (constants.ts), by name. */
  inlined: string[];
}

export function pruneCss(params: {
  css: string;
  /** For error messages. */
  filename: string;
  used: ClassSet;
  /** A selector that stays whatever it names (the site's own rules). */
  keep?: (selector: Selector) => boolean;
  /** `@keyframes` that stay even when this stylesheet does not name them (another stylesheet may). */
  keepKeyframes?: (name: string) => boolean;
  /** Custom properties whose declarations stay even when nothing here reads them (the site's own, or read by another stylesheet). */
  keepVariable?: (name: string) => boolean;
  minify?: boolean;
}): PruneResult {
  const { used } = params;
  let dropped = 0;
  // Whether it can match first: `keep` writes the selector as JSON, for the few that cannot.
  const keepSelector = (s: Selector) => canMatch(s, used) || params.keep?.(s);
  // Each selector of a rule's own list that cannot match is dropped (the Selector visitor sees a
  // rule's list, not the selectors inside `:is()`/`:not()`): lightningcss then drops a rule left with
  // none, and what it holds, and the @media/@supports/@container blocks left empty (an empty @layer
  // block becomes its statement, as the minified output writes it anyway). Only the selectors are
  // handed to JavaScript: a `Rule` visitor, which hands each style rule over with its declarations
  // (and each @media block with all it holds), made this pass 4-6 times as costly (Infima and the
  // theme: 16-43 -> 5-11 ms of CPU a call, 3 calls each, the same output; 08:27 UTC). A rule is never given back
  // rebuilt: lightningcss cannot read back every declaration it hands out.
  const pruned = run(params.filename, params.css, {
    Selector(selector) {
      if (keepSelector(selector)) return undefined;
      dropped++;
      return [];
    },
  });
  // The declarations a later rule overrides everywhere they apply (Infima's, which the theme or the
  // site sets again) go before the custom properties are counted: what only they read goes too.
  // The walk of its first pass also finds the custom properties with one value (constants.ts), as they are after the drops.
  const constantsFound = constantsWalk();
  // Which animations the kept rules name: declarations, and any identifier in values lightningcss
  // keeps as tokens (custom properties, values it does not parse). A name in the site's code or
  // markup (an inline `animation:` style) keeps its keyframes too.
  // Which custom properties are read: by a var() of a kept declaration that is not a custom
  // property, by the site's code or markup (`--ifm-color-primary` in a string or a style attribute),
  // and, from there, by the custom properties those read (`--a: var(--b)`).
  // Read in the pass that drops the overridden declarations, over those it keeps (see namesReader).
  const reader = namesReader();
  const overridden = dropOverridden((visitor) => run(params.filename, pruned, visitor), constantsFound, reader.visitor);
  const kept = overridden.code;
  const { animations: named, read, reads, declared } = overridden.read ? reader.names : sheetNames(kept, params.filename);
  const live = new Set<string>();
  const todo = [...read, ...[...declared].filter((n) => used.has(n) || params.keepVariable?.(n))];
  for (let name = todo.pop(); name !== undefined; name = todo.pop()) {
    if (live.has(name)) continue;
    live.add(name);
    todo.push(...(reads.get(name) ?? []));
  }
  // The live ones with one value everywhere (constants.ts) are written in place of their var()s;
  // not those the site's code or markup names, nor those `keepVariable` keeps (the site's, another
  // stylesheet's).
  const constants = constantsFound.constants((name) => live.has(name) && !used.has(name) && !params.keepVariable?.(name), overridden.dropped);
  const keyframes: string[] = [];
  const variables = new Set<string>();
  const code = run(
    params.filename,
    kept,
    {
      Rule: {
        keyframes(rule) {
          const name = rule.value.name.value;
          if (named.has(name) || used.names.has(name) || params.keepKeyframes?.(name)) return undefined;
          keyframes.push(name);
          return [];
        },
      },
      Declaration: {
        custom(d) {
          // lightningcss gives properties it does not know (`content`, vendor ones) as custom ones too.
          const name = d.name;
          if (!name.startsWith('--') || (live.has(name) && !constants.has(name))) return undefined;
          if (!constants.has(name)) variables.add(name);
          return [];
        },
      },
      Variable: (v) => constants.get(v.name.ident),
    },
    { minify: params.minify ?? true },
  );
  return { code, selectors: dropped, keyframes, variables: [...variables].sort(), declarations: overridden.declarations, inlined: [...constants.keys()].sort() };
}

/** What a stylesheet's declarations name (sheetNames). */
export interface SheetNames {
  animations: Set<string>;
  read: Set<string>;
  reads: Map<string, Set<string>>;
  declared: Set<string>;
}

/**
 * What a stylesheet's declarations name. `animations`: the animation names they hold, and every
 * identifier of values kept as tokens (custom properties). Its custom properties: `read` by the var()s
 * of declarations that are not custom properties; `reads`, by each custom property's own value;
 * `declared`. One pass for both: each pass parses the sheet and writes it again (Infima and the theme:
 * 4-6 ms of CPU), and the pruner and siteStyles.ts (each other stylesheet of the bundle) want both.
 */
export function sheetNames(css: string, filename: string): SheetNames {
  const reader = namesReader();
  run(filename, css, reader.visitor);
  return reader.names;
}

/**
 * sheetNames's visitor, which only reads: the pruner runs it in the pass that drops the overridden
 * declarations (overridden.ts), which hands it only the declarations that stay, so that the sheet
 * they leave needs no pass of its own (Shifu's stylesheet: 8-9 ms of CPU a pass in a new process).
 */
export function namesReader(): { visitor: NamesVisitor; names: SheetNames } {
  const names: SheetNames = { animations: new Set(), read: new Set(), reads: new Map(), declared: new Set() };
  const { animations, read, reads, declared } = names;
  let declaring: string | undefined;
  // Only custom properties and animations are handed to JavaScript (`custom`, `animation` visitors): a
  // `Declaration` visitor converts every declaration of the stylesheet, which made this pass twice as
  // costly (Infima, 21:55 UTC: 12.8-23.3 -> 7.9-11.3 ms of CPU a call, 20 calls each, the same sets; a
  // cold Shifu build calls it on its stylesheet and on each CSS module's). A var() outside a custom
  // property reads the property for an element.
  const visitor: NamesVisitor = {
    Declaration: {
      // A value with var() is kept as tokens: the Token visitor reads it.
      'animation-name': (d) => void (Array.isArray(d.value) ? d.value : []).forEach((n) => 'value' in n && animations.add(n.value)),
      animation: (d) => void (Array.isArray(d.value) ? d.value : []).forEach((a) => 'value' in a.name && animations.add(a.name.value)),
      custom(property) {
        // lightningcss gives properties it does not know (`content`, vendor ones) as custom ones too.
        declaring = property.name.startsWith('--') ? property.name : undefined;
        if (declaring) declared.add(declaring);
      },
    },
    DeclarationExit: {
      custom() {
        declaring = undefined;
      },
    },
    Token: { ident: (t) => void animations.add(t.value) },
    Variable(v) {
      const name = v.name.ident;
      if (declaring === undefined) read.add(name);
      else reads.set(declaring, (reads.get(declaring) ?? new Set()).add(name));
    },
  };
  return { visitor, names };
}

/** Whether some element of the site can match the selector: every class it needs is used. */
export function canMatch(selector: Selector, used: ClassSet): boolean {
  return selector.every((c) => componentCanMatch(c, used));
}

function componentCanMatch(c: SelectorComponent, used: ClassSet): boolean {
  if (c.type === 'class') return used.has(c.name);
  if (c.type === 'type') return used.hasElement(c.name);
  if (c.type === 'attribute') {
    if (c.name !== 'class' || !c.operation) return true;
    const { operator, value } = c.operation;
    if (operator === 'includes') return used.has(value);
    if (operator === 'equal') return value.split(/\s+/).every((v) => !v || used.has(v));
    return true;
  }
  if (c.type === 'pseudo-class') {
    const p = c as { kind: string; selectors?: Selector[] | Selector | null; of?: Selector[] | null; selector?: Selector };
    if (p.kind === 'is' || p.kind === 'where' || p.kind === 'any' || p.kind === 'has') return (p.selectors as Selector[]).some((s) => canMatch(s, used));
    if (p.kind === 'nth-child' || p.kind === 'nth-last-child') return !p.of || p.of.some((s) => canMatch(s, used));
    if (p.kind === 'global' && p.selector) return canMatch(p.selector, used);
    return true;
  }
  return true;
}

/**
 * The browsers the client bundle targets (bundle/client.ts: chrome100, firefox100, safari15), so that
 * lightningcss writes what they read (`min-width` media queries, not ranges). Only the last pass
 * writes for them: each pass with targets adds the vendor-prefixed copy of a var() value again
 * (`-webkit-text-decoration: var(--x)`).
 */
const TARGETS = { chrome: 100 << 16, firefox: 100 << 16, safari: 15 << 16 };

type Visitor = NonNullable<Parameters<typeof transform>[0]['visitor']>;

/** lightningcss over a stylesheet with a visitor; `output`: the last pass, written for the bundle's browsers. */
function run(filename: string, css: string, visitor: Visitor, output?: { minify: boolean }): string {
  try {
    return transform({ filename, code: Buffer.from(css), minify: output?.minify ?? false, visitor, targets: output && TARGETS, errorRecovery: true }).code.toString();
  } catch (e) {
    const err = e as { message: string; loc?: { line: number; column: number } };
    if (!err.loc) throw e;
    throw new SitegenError('Cannot read a stylesheet', [{ message: err.message, file: filename, line: err.loc?.line, column: err.loc?.column, hint: 'Fix the CSS at this line.' }]);
  }
}
