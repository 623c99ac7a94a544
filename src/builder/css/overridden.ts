// The declarations no element can ever use: a declaration of a style rule goes when, for each of the
// rule's selectors, a later rule with that same selector (so the same specificity) sets the same
// property, at the same or a higher importance, in the same @media/@supports/@layer blocks or at the
// top level: the later one wins the cascade wherever the earlier one applies. That is Infima's rule a
// theme rule or the site's customCss re-declares (`.navbar__inner { height }` twice), or Infima's
// `:root { --ifm-color-primary }` the site sets again. Properties compare by name as written, or a
// later shorthand covers its longhands (`margin` covers `margin-top`, never the reverse;
// `-webkit-transition` is not `transition`). `!important`
// declarations of the earlier rule stay. Read and written by lightningcss (its AST, never regexes):
// one pass learns the rules in order, a second drops the declarations (a rule left empty goes when
// minified).
import type { Declaration, Rule, Selector, TransformOptions, CustomAtRules, Visitor as AnyVisitor } from 'lightningcss';
import { ruleWalk } from './ruleWalk.js';

type Visitor = NonNullable<TransformOptions<CustomAtRules>['visitor']>;
/** lightningcss's transform, as the caller runs it (its file name, targets and error handling). */
export type Run = (visitor: Visitor) => string;
/** A visitor that only reads (returns nothing): declarations by property name, their exits, tokens and var()s. */
export type NamesVisitor = Pick<AnyVisitor<CustomAtRules>, 'DeclarationExit' | 'Token' | 'Variable'> & {
  Declaration: Exclude<AnyVisitor<CustomAtRules>['Declaration'], ((...args: never[]) => unknown) | undefined>;
};

export interface OverriddenResult {
  code: string;
  /** Declarations dropped. */
  declarations: number;
  /** Whether the declaration of the property `key` (as propertyKey writes it) of the style rule `rule` (its index among the sheet's style rules, in order) was dropped. */
  dropped(rule: number, key: string): boolean;
  /** Whether `reader` read the sheet in the pass that wrote `code` (its declarations that stay), once; else it read nothing to keep. */
  read: boolean;
}

/**
 * `also`: a walk of the same rules (ruleWalk's enter and exit) for another pass that reads the sheet
 * before the drops (constants.ts), which then needs no sheet of its own. `reader`: a pass that reads
 * the sheet after them (pruneCss.ts's names), run in the pass that drops them, which hands it only
 * the declarations that stay (a declaration a visitor drops is not visited further); `read` says
 * whether it ran (not when the drops are made by rule: then it read a pass that was thrown away).
 */
export function dropOverridden(run: Run, also?: { enter(rule: Rule): void; exit(rule: Rule): void }, reader?: NamesVisitor): OverriddenResult {
  // Pass 1: each style rule, in order: its context, its selectors, its properties by importance.
  const rules: { context: string; topLevelCovers: boolean; selectors: string[]; normal: Set<string>; important: Set<string> }[] = [];
  const context: string[] = [];
  // Whether a top-level rule wins over a rule in these blocks: only conditions (media, supports,
  // container) in the way, no layer (an unlayered rule beats a layered one, never the reverse) nor nesting.
  let conditionsOnly = 0;
  const enter = (kind: string, key: unknown, condition: boolean) => {
    context.push(`${kind}:${JSON.stringify(key)}`);
    if (!condition) conditionsOnly++;
    return undefined;
  };
  const exit = (condition: boolean) => {
    context.pop();
    if (!condition) conditionsOnly--;
    return undefined;
  };
  // The blocks a rule sits in, by type: whether each is a condition (see above).
  const blocks: Record<string, boolean> = { media: true, supports: true, container: true, 'layer-block': false, style: false, nesting: false, scope: false, 'starting-style': false };
  run(
    ruleWalk(
      (r) => {
        also?.enter(r);
        if (r.type === 'style') {
          const d = r.value.declarations;
          rules.push({
            context: context.join('|'),
            topLevelCovers: conditionsOnly === 0,
            selectors: r.value.selectors.map((s: Selector) => JSON.stringify(s)),
            normal: new Set((d?.declarations ?? []).map(propertyKey)),
            important: new Set((d?.importantDeclarations ?? []).map(propertyKey)),
          });
        }
        if (r.type in blocks && 'value' in r) {
          // The block's own condition (its query, name, selectors), not where it is nor what it holds.
          const { loc: _loc, rules: _rules, declarations: _declarations, ...key } = r.value as unknown as Record<string, unknown>;
          enter(r.type, key, blocks[r.type]);
        }
      },
      (r) => {
        also?.exit(r);
        if (r.type in blocks && 'value' in r) exit(blocks[r.type]);
      },
    ),
  );
  // From the last rule back: what later rules set, by context and selector; a rule's normal
  // declarations every one of its selectors sees set again later go.
  const later = new Map<string, Set<string>>();
  const drop: Set<string>[] = new Array(rules.length);
  let declarations = 0;
  for (let i = rules.length - 1; i >= 0; i--) {
    const rule = rules[i];
    const setLater = (s: string) => {
      const own = later.get(`${rule.context}\n${s}`);
      const top = rule.topLevelCovers && rule.context ? later.get(`\n${s}`) : undefined;
      const has = (p: string) => own?.has(p) || top?.has(p);
      return (p: string) => has(p) || shorthandsOf(p).some(has);
    };
    const covers = rule.selectors.map(setLater);
    drop[i] = new Set([...rule.normal].filter((p) => !rule.important.has(p) && covers.every((c) => c(p))));
    declarations += drop[i].size;
    for (const s of rule.selectors) {
      const key = `${rule.context}\n${s}`;
      const set = later.get(key) ?? new Set();
      for (const p of [...rule.normal, ...rule.important]) set.add(p);
      later.set(key, set);
    }
  }
  const dropped = (rule: number, key: string) => Boolean(drop[rule]?.has(key));
  if (!declarations) return { code: run(reader ?? {}), declarations: 0, dropped, read: Boolean(reader) };
  const code = dropDeclarations(run, rules, drop, reader);
  if (code !== undefined) return { code, declarations, dropped, read: Boolean(reader) };
  return { code: dropDeclarationsByRule(run, drop), declarations, dropped, read: false };
}

/** The rule types whose declarations are no style rule's (those of @keyframes, @font-face and the like never go). */
const NOT_STYLE = [
  'counter-style',
  'custom',
  'custom-media',
  'font-face',
  'font-feature-values',
  'font-palette-values',
  'ignored',
  'import',
  'keyframes',
  'layer-statement',
  'namespace',
  'nested-declarations',
  'nesting',
  'page',
  'position-try',
  'property',
  'unknown',
  'view-transition',
  'viewport',
] as const;

/**
 * Pass 2: the declarations of `drop` (by style rule, in order) dropped, lightningcss handing over only
 * the selectors and the declarations of the properties that go. A style rule's selectors come before
 * its declarations and the rules it holds, so the selectors tell which rule a declaration is in (each
 * checked against pass 1's); another rule with declarations (@keyframes, @font-face) says it ends.
 * With every rule and declaration handed over, both passes took 63.5 ms of CPU on the 10-doc folder
 * site's stylesheet (bench/folder.ts) and 65.4 on Shifu's; so, 47.6 and 54.0 (medians of 12 calls
 * alternating, the same output; 08:41 UTC, load 9). Undefined when the selectors are not pass 1's
 * (then the caller drops by rule, as lightningcss hands each over).
 */
function dropDeclarations(run: Run, rules: readonly { selectors: string[] }[], drop: readonly Set<string>[], reader?: NamesVisitor): string | undefined {
  const none = new Set<string>();
  // The properties that go, as lightningcss names the visitor of each (a custom or unknown property: `custom`).
  const names = new Set(drop.flatMap((d) => [...d].map((key) => key.slice(0, key.indexOf(':')))));
  let index = -1;
  let seen = 0;
  let dropping = none;
  let lost = false;
  // The reader's declaration visitors, each behind the drop of its property when one goes.
  const readers = (reader?.Declaration ?? {}) as Record<string, ((d: never) => void) | undefined>;
  const code = run({
    ...reader,
    Selector(s) {
      if (index < 0 || seen === rules[index].selectors.length) {
        index++;
        seen = 0;
        dropping = drop[index] ?? none;
      }
      if (JSON.stringify(s) !== rules[index]?.selectors[seen]) lost = true;
      seen++;
      return undefined;
    },
    Rule: Object.fromEntries(NOT_STYLE.map((type) => [type, () => void (dropping = none)])),
    // An important declaration of the same name is never in `dropping` (see above).
    // lightningcss hands a `custom` visitor the property itself ({ name, value }), any other the declaration.
    Declaration: {
      ...readers,
      ...Object.fromEntries(
        [...names].map((name) => {
          const read = readers[name];
          return [
            name,
            name === 'custom' ? (p: { name: string }) => (dropping.has(`custom:${p.name}`) ? [] : read?.(p as never)) : (d: Declaration) => (dropping.has(propertyKey(d)) ? [] : read?.(d as never)),
          ];
        }),
      ),
    },
  });
  return lost || index !== rules.length - 1 || (index >= 0 && seen !== rules[index].selectors.length) ? undefined : code;
}

/** Pass 2 as lightningcss hands each rule over, then its declarations. */
function dropDeclarationsByRule(run: Run, drop: readonly Set<string>[]): string {
  const none = new Set<string>();
  let index = -1;
  let dropping = none;
  return run({
    Rule(r) {
      dropping = r.type === 'style' ? drop[++index] : none;
      return undefined;
    },
    Declaration: (d) => (dropping.has(propertyKey(d)) ? [] : undefined),
  });
}

/** Shorthands and the physical longhands they set (all of them, whatever the value). */
const SHORTHANDS: Record<string, string[]> = {
  margin: ['margin-top', 'margin-right', 'margin-bottom', 'margin-left'],
  padding: ['padding-top', 'padding-right', 'padding-bottom', 'padding-left'],
  inset: ['top', 'right', 'bottom', 'left'],
  border: ['border-top', 'border-right', 'border-bottom', 'border-left', 'border-width', 'border-style', 'border-color', ...sides('width'), ...sides('style'), ...sides('color')],
  'border-width': sides('width'),
  'border-style': sides('style'),
  'border-color': sides('color'),
  ...Object.fromEntries(['top', 'right', 'bottom', 'left'].map((side) => [`border-${side}`, ['width', 'style', 'color'].map((p) => `border-${side}-${p}`)])),
  'border-radius': ['border-top-left-radius', 'border-top-right-radius', 'border-bottom-right-radius', 'border-bottom-left-radius'],
  background: ['background-color', 'background-image', 'background-position', 'background-size', 'background-repeat', 'background-attachment', 'background-origin', 'background-clip'],
  font: ['font-family', 'font-size', 'font-weight', 'font-style', 'font-variant', 'font-stretch', 'line-height'],
  flex: ['flex-grow', 'flex-shrink', 'flex-basis'],
  transition: ['transition-property', 'transition-duration', 'transition-timing-function', 'transition-delay'],
  overflow: ['overflow-x', 'overflow-y'],
  'list-style': ['list-style-type', 'list-style-position', 'list-style-image'],
  outline: ['outline-color', 'outline-style', 'outline-width'],
};
function sides(p: string): string[] {
  return ['top', 'right', 'bottom', 'left'].map((side) => `border-${side}-${p}`);
}
const COVERED_BY = new Map<string, string[]>();
for (const [short, longs] of Object.entries(SHORTHANDS)) for (const long of longs) COVERED_BY.set(long, [...(COVERED_BY.get(long) ?? []), short]);

/** The keys of the shorthands that set a property key's property (with the same vendor prefix). */
function shorthandsOf(key: string): string[] {
  const at = key.indexOf(':');
  return (COVERED_BY.get(key.slice(0, at)) ?? []).map((s) => s + key.slice(at));
}

/** A declaration's property as written: its name (a custom property's, an unparsed one's) with its vendor prefix. */
function propertyKey(d: Declaration): string {
  const v = d as { property: string; vendorPrefix?: string[]; value: { name?: string; propertyId?: { property: string; vendor_prefix?: string[] } } };
  if (v.property === 'custom') return `custom:${v.value.name}`;
  if (v.property === 'unparsed' && v.value.propertyId) return `${v.value.propertyId.property}:${(v.value.propertyId.vendor_prefix ?? []).join()}`;
  return `${v.property}:${(v.vendorPrefix ?? []).join()}`;
}
