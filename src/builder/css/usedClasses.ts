// Where the classes a site shows are read from: the class attributes of its HTML, the `className`s
// of its data (navbar and footer items, sidebar items, front matter), and the strings of its code
// (a component's `className="hero hero--primary"`, a script's `querySelector('.navbar__inner')`, a
// template's `alert--${kind}`, which leaves the prefix `alert--`). Only code's string literals and
// template parts count, not its identifiers or comments: the bundle's scripts are read by
// codeStrings.ts, the markdown's code (JSX) by TypeScript's parser.
import type ts from 'typescript';
import { ClassSet, addWords } from './classSet.js';
import { codeStrings, QUERIES } from './codeStrings.js';
import { loadTypeScript } from '../typescriptModule.js';

// TypeScript takes 0.25-0.5 s of CPU to load (typescriptModule.ts, loadTypeScript): it is loaded on
// first use, by the markdown's code (JSX) only; the bundle's scripts are read without it (codeStrings.ts).

/**
 * The classes of an HTML text's class attributes (hast-util-to-html and React write them quoted), the
 * words of its style attributes (the custom properties they read: `var(--ifm-color-primary)`), and
 * its elements' tag names. Whether it holds `<style` (a tag name starting so).
 */
export function addHtmlClasses(set: ClassSet, html: string): boolean {
  // What the regular expressions /\s(?:class|style)=(?:"([^"]*)"|'([^']*)')/g and /<([a-zA-Z][\w-]*)/g
  // match, found with indexOf: the pages' markup is most of what this step reads (the versioned bench
  // site: 18 MB in 2,676 pages), and an attribute's words are read once per distinct value.
  // The next `class=` and `style=` from `from` (each looked for again once passed; none left: Infinity).
  const next = (word: string, from: number) => {
    const at = html.indexOf(word, from);
    return at === -1 ? Infinity : at;
  };
  let c = -1;
  let s = -1;
  for (let from = 1; ;) {
    if (c < from) c = next('class=', from);
    if (s < from) s = next('style=', from);
    const at = Math.min(c, s);
    if (at === Infinity) break;
    const quote = html[at + 6];
    const end = (quote === '"' || quote === "'") && SPACE.test(html[at - 1]) ? html.indexOf(quote, at + 7) : -1;
    if (end === -1) {
      from = at + 1;
      continue;
    }
    const value = html.slice(at + 7, end);
    if (!set.read(value)) addWords(set, value);
    from = end + 2;
  }
  // Its tags: only those the set does not hold yet are looked at (newTags). `<style` then anything: a
  // word character goes on the tag's name, any other ends it.
  const tags = newTags(set);
  tags.lastIndex = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) if (!set.elements.has(m[1])) set.addElement(m[1]);
  return html.includes('<style');
}

const SPACE = /\s/;

/**
 * The tags of markup (/<([a-zA-Z][\w-]*)/g) but those the set's elements hold already, for each set as
 * its elements are (made again when they changed). A page's markup is thousands of tags of a few dozen
 * names: matched by one expression that passes over the known ones, its tags took 5-6 ms of CPU instead
 * of 11-16 ms read one by one (the Shifu site's 2.9 MB of markup, 54,000 tags of 42 names; a new
 * process with the build's node flags, 21:20 UTC).
 */
function newTags(set: ClassSet): RegExp {
  let known = knownTags.get(set);
  if (known?.size !== set.elements.size) {
    const names = [...set.elements].map((e) => e.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'));
    known = { size: set.elements.size, pattern: new RegExp(names.length ? `<(?!(?:${names.join('|')})(?![\\w-]))([a-zA-Z][\\w-]*)` : '<([a-zA-Z][\\w-]*)', 'g') };
    knownTags.set(set, known);
  }
  return known.pattern;
}
const knownTags = new WeakMap<ClassSet, { size: number; pattern: RegExp }>();

/** The `className` (and `class`) strings anywhere in a JSON-like value, the class attributes and tags of the markup it holds, and the `tagName`s of the HTML tags it describes (a plugin's injected tags). */
export function addDataClasses(set: ClassSet, value: unknown, seen = new Set<object>(), depth = 0): void {
  if (!value || typeof value !== 'object') return;
  // Values shared by many pages are arrays (a sidebar's items): each is walked once. Objects are
  // walked each time they are met, and not remembered: keeping every object of the versioned bench
  // site's pages in `seen` was a third of this walk's CPU in a profile (40 of 110 ms of samples,
  // 16:20 UTC). Past a depth no JSON-like value reaches, objects are remembered too (a cycle ends).
  if (Array.isArray(value) || depth > MAX_DEPTH) {
    if (seen.has(value)) return;
    seen.add(value);
  }
  if (Array.isArray(value)) {
    for (const v of value) addDataClasses(set, v, seen, depth + 1);
    return;
  }
  // Its members by Object.keys, not Object.entries: entries makes an array per member, and the first
  // walk of a build's pages (made by other threads, handed over by postMessage) took twice as long
  // with it. The versioned bench site's 2,676 pages walked once in a new process with the build's node
  // flags (09:40 UTC, load 17): 372-410 -> 174-236 ms of CPU; the 1,000-doc folder's: 62-89 -> 33-45 ms.
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (typeof v !== 'string') addDataClasses(set, v, seen, depth + 1);
    else if (k === 'className' || k === 'class') addWords(set, v);
    else if (k === 'tagName') set.addElement(v);
    else if (v.includes('<') || v.includes('class=') || v.includes('style=')) {
      // A <style> element (an injected tag) names classes and reads custom properties: all its words count.
      if (addHtmlClasses(set, v)) addWords(set, v);
    }
  }
}

/** Deeper than the pages' data goes (a sidebar's categories nest a few levels). */
const MAX_DEPTH = 64;

/**
 * The class-like words of the string literals and template parts of a JavaScript or TypeScript text.
 * Code with JSX (`.jsx`, `.tsx`: the markdown's code) is parsed, since only the parser tells JSX text
 * from code; plain JavaScript (the bundle's scripts, hundreds of KB) is read by codeStrings.ts, which
 * needs no TypeScript.
 */
export function addCodeClasses(set: ClassSet, code: string, fileName = 'code.js'): void {
  if (/\.[jt]sx$/.test(fileName)) addParsedClasses(set, code, fileName);
  else addScannedClasses(set, code);
}

function addParsedClasses(set: ClassSet, code: string, fileName: string): void {
  const ts = loadTypeScript();
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.JSX);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && QUERIES.has(node.expression.name.text) && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      ts.forEachChild(node.expression, visit);
      node.arguments.slice(1).forEach(visit);
      return;
    }
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) addWords(set, node.text);
    // `<hr />` in the markdown's code: an intrinsic element (lower case), named by an identifier.
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && ts.isIdentifier(node.tagName) && /^[a-z]/.test(node.tagName.text)) set.addElement(node.tagName.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** Plain JavaScript (the bundle's scripts): its strings, read without TypeScript (codeStrings.ts), each distinct one once. */
function addScannedClasses(set: ClassSet, code: string): void {
  codeStrings(code, (s) => {
    if (!set.read(s.text)) addWords(set, s.text);
  });
}
