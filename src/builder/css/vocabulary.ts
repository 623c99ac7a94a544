// Item 6 of issue 39: a site's stylesheet written for Docusaurus targets the theme's DOM by
// Docusaurus's class names (Infima's components, theme-classic's ThemeClassNames). A rule naming one
// that no page of the site shows is dead; the build says so in ONE warning listing every such class
// with the file:line of its rule. A class outside that vocabulary is the site's own: never warned about.
// The vocabulary is docusaurusVocabulary.json, generated from the installed packages by
// scripts/docusaurus-vocabulary.ts (theme-common is not a dependency of a site built with sitegen).
import fs from 'node:fs';
import path from 'node:path';
import { transform, type Selector } from 'lightningcss';
import type { Problem } from '../errors.js';
import { packageRoot } from '../paths.js';
import type { ClassSet } from './classSet.js';

let vocabulary: Set<string> | undefined;

/** Infima's classes and ThemeClassNames' values. */
export function docusaurusVocabulary(): Set<string> {
  if (!vocabulary) {
    const lists = JSON.parse(fs.readFileSync(path.join(packageRoot(), 'src/builder/css/docusaurusVocabulary.json'), 'utf8')) as { infima: string[]; themeClassNames: string[] };
    vocabulary = new Set([...lists.infima, ...lists.themeClassNames]);
  }
  return vocabulary;
}

export interface ClassAt {
  name: string;
  /** Of the rule, 1-based. */
  line: number;
  column: number;
}

/**
 * Every class a stylesheet's selectors name (inside `:is()`, `:not()` and the like too), with the place
 * of its rule. In a CSS module (`module: true`) only the classes inside `:global()` are the page's:
 * the others are renamed to the module's own.
 */
export function selectorClasses(css: string, filename: string, opts: { module?: boolean } = {}): ClassAt[] {
  const found: ClassAt[] = [];
  transform({
    filename,
    code: Buffer.from(css),
    cssModules: opts.module ? { pure: false } : false,
    errorRecovery: true,
    visitor: {
      Rule: {
        style(rule) {
          const at = { line: rule.value.loc.line + 1, column: rule.value.loc.column };
          for (const s of rule.value.selectors) classesOf(s, !opts.module, (name, global) => global && found.push({ name, ...at }));
        },
      },
    },
  });
  return found;
}

/** Each class a selector names (inside `:is()`, `:not()` and the like too), and whether it is the page's (`global`: see selectorClasses). */
function classesOf(selector: Selector, global: boolean, each: (name: string, global: boolean) => void): void {
  for (const c of selector) {
    if (c.type === 'class') each(c.name, global);
    if (c.type !== 'pseudo-class') continue;
    const p = c as { kind: string; selectors?: Selector[] | Selector | null; of?: Selector[] | null; selector?: Selector };
    if (p.kind === 'global' && p.selector) classesOf(p.selector, true, each);
    if (p.kind === 'local' && p.selector) classesOf(p.selector, false, each);
    const inner = p.kind === 'host' ? (p.selectors ? [p.selectors as Selector] : []) : Array.isArray(p.selectors) ? (p.selectors as Selector[]) : [];
    for (const s of [...inner, ...(p.of ?? [])]) classesOf(s, global, each);
  }
}

/**
 * Whether some selector of a stylesheet names a class `dead` says is (a module's own classes too:
 * more than selectorClasses gives, never less). lightningcss hands over only the selectors, which
 * costs less than handing each rule over with its declarations as selectorClasses does (for the
 * place of the rule), which then runs only for a stylesheet that names one: the Shifu site's
 * base.css, whose text holds a `\` in a string, 2.7-9.3 (median 4.5) -> 1.3-5.1 (median 1.6) ms of
 * CPU in a new process (10 rounds alternating, 22:25 UTC, load 9).
 */
function selectorsNameDead(sheet: { file: string; css: string; module?: boolean }, dead: (name: string) => boolean): boolean {
  let found = false;
  transform({
    filename: sheet.file,
    code: Buffer.from(sheet.css),
    cssModules: sheet.module ? { pure: false } : false,
    errorRecovery: true,
    visitor: {
      Selector(s) {
        if (!found) classesOf(s, true, (name) => void (found ||= dead(name)));
      },
    },
  });
  return found;
}

/** A class and every place a site stylesheet's rule names it. */
export function stylesheetClasses(css: string, filename: string): Map<string, ClassAt[]> {
  const byName = new Map<string, ClassAt[]>();
  for (const c of selectorClasses(css, filename)) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
  return byName;
}

/**
 * Whether a stylesheet may name a class `dead` says is: some `.name` of its text is (its comments and
 * strings too: more than its selectors, never less), or it holds a `\` (an escape may write a name
 * otherwise). A stylesheet that cannot is not parsed: lightningcss handing each rule to JavaScript was
 * most of the warning's cost, for a site whose stylesheets name no dead class (the Shifu site's 20
 * stylesheets: 19-20 -> 8-13 ms of CPU for the warning in a new process, 21:15 UTC).
 */
function mayNameDead(css: string, dead: (name: string) => boolean): boolean {
  if (css.includes('\\')) return true;
  for (let dot = css.indexOf('.'); dot !== -1; dot = css.indexOf('.', dot + 1)) {
    let end = dot + 1;
    for (let c = css.charCodeAt(end); (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45; c = css.charCodeAt(++end));
    if (end > dot + 1 && dead(css.slice(dot + 1, end))) return true;
  }
  return false;
}

/**
 * The one warning for the site's rules that target Docusaurus theme classes no page shows, or
 * undefined. `used`: every class the site's pages and code can show (usedClasses.ts).
 */
export function deadThemeClassWarning(params: { stylesheets: { file: string; css: string; module?: boolean }[]; used: ClassSet; vocabulary?: Set<string> }): Problem | undefined {
  const vocabulary = params.vocabulary ?? docusaurusVocabulary();
  const dead: { file: string; at: ClassAt }[] = [];
  const seen = new Set<string>();
  for (const sheet of params.stylesheets) {
    const isDead = (name: string) => vocabulary.has(name) && !params.used.has(name);
    if (!mayNameDead(sheet.css, isDead) || !selectorsNameDead(sheet, isDead)) continue;
    for (const at of selectorClasses(sheet.css, sheet.file, { module: sheet.module })) {
      const key = `${sheet.file}:${at.line}:${at.name}`;
      if (seen.has(key) || !vocabulary.has(at.name) || params.used.has(at.name)) continue;
      seen.add(key);
      dead.push({ file: sheet.file, at });
    }
  }
  if (!dead.length) return undefined;
  const names = [...new Set(dead.map((d) => d.at.name))];
  const list = dead.map((d) => `${d.file}:${d.at.line}:${d.at.column} .${d.at.name}`).join('\n      ');
  return {
    message: `${names.length} Docusaurus theme class${names.length > 1 ? 'es' : ''} that no page of the site shows ${names.length > 1 ? 'are' : 'is'} targeted by the site's CSS, whose rules have no effect: ${names.map((n) => `.${n}`).join(', ')}\n      ${list}`,
    file: dead[0].file,
    line: dead[0].at.line,
    column: dead[0].at.column,
    hint: "sitegen's theme does not draw these Docusaurus classes (yet): style the elements by the classes the built pages show (open a page's HTML), or remove the rules.",
  };
}
