import { createRequire } from 'node:module';
import { refractor } from 'refractor/core';
import clike from 'refractor/clike';
import c from 'refractor/c';
import cpp from 'refractor/cpp';
import arduino from 'refractor/arduino';
import bash from 'refractor/bash';
import csharp from 'refractor/csharp';
import markup from 'refractor/markup';
import css from 'refractor/css';
import diff from 'refractor/diff';
import go from 'refractor/go';
import ini from 'refractor/ini';
import java from 'refractor/java';
import regex from 'refractor/regex';
import javascript from 'refractor/javascript';
import json from 'refractor/json';
import kotlin from 'refractor/kotlin';
import less from 'refractor/less';
import lua from 'refractor/lua';
import makefile from 'refractor/makefile';
import yaml from 'refractor/yaml';
import markdown from 'refractor/markdown';
import objectivec from 'refractor/objectivec';
import perl from 'refractor/perl';
import markupTemplating from 'refractor/markup-templating';
import php from 'refractor/php';
import python from 'refractor/python';
import r from 'refractor/r';
import ruby from 'refractor/ruby';
import rust from 'refractor/rust';
import sass from 'refractor/sass';
import scss from 'refractor/scss';
import sql from 'refractor/sql';
import swift from 'refractor/swift';
import typescript from 'refractor/typescript';
import basic from 'refractor/basic';
import vbnet from 'refractor/vbnet';
import docker from 'refractor/docker';
import powershell from 'refractor/powershell';
import toml from 'refractor/toml';
import nginx from 'refractor/nginx';
import protobuf from 'refractor/protobuf';
import http from 'refractor/http';
import properties from 'refractor/properties';
import type { ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import { tokenLines, type HighlightedLine } from './tokenHtml.js';
import { importModule } from '../importModule.js';
import { useCheaperWalk } from './prismWalk.js';

// Prism grammars through refractor, which returns hast directly: refractor's common set (what
// `import { refractor } from 'refractor'` registers, refractor/lib/common.js) and the ones Docusaurus
// sites use beyond it. They are registered on first use, not on import: registering them is 90-150 ms
// of CPU, and every thread loads this module (twice in an HTML worker: its own bundle and the server
// renderer's) while only the threads that render markdown highlight (`node --cpu-prof`, the versioned
// synthetic site: 240 ms of each HTML worker's start, Node 20). And only as many as the languages met
// so far need (GRAMMAR_PREFIX): a warm build that renders one edited doc registers what its code
// blocks need, not all 43.
// (Exported for prismWalk.test.ts, which registers them into Prisms of its own.)
export const GRAMMARS = [
  clike,
  c,
  cpp,
  arduino,
  bash,
  csharp,
  markup,
  css,
  diff,
  go,
  ini,
  java,
  regex,
  javascript,
  json,
  kotlin,
  less,
  lua,
  makefile,
  yaml,
  markdown,
  objectivec,
  perl,
  markupTemplating,
  php,
  python,
  r,
  ruby,
  rust,
  sass,
  scss,
  sql,
  swift,
  typescript,
  basic,
  vbnet,
  docker,
  powershell,
  toml,
  nginx,
  protobuf,
  http,
  properties,
];

/**
 * How many of GRAMMARS, from the first, a language needs registered to be highlighted exactly as with
 * all of them registered: its own grammar, those it builds on, and those registered after it that
 * change it (javascript adds to clike and markup, so both need the first 14). Registering always goes
 * on in GRAMMARS' order, so that what is registered is always what the same first steps of
 * registering them all make. No language needs fewer than 7 (markup's): markup adds a hook that
 * gives the entity tokens of every language a title (bash has such tokens); the hooks of the later
 * grammars (markdown's, php's) act on their own languages only. A name missing here (a language
 * of `additionalLanguages`, registered after these by loadLanguages) needs them all.
 * Test: test/unit/builder/markdown/grammarPrefix.test.ts makes this table again from Prism's
 * languages (each language's grammar, as objects, patterns and functions, the same as with all).
 * Registering all 43 is 40-60 ms of CPU in a new node; a warm build with one doc edited (Shifu's
 * introduction, whose code is YAML) registers 20 of them.
 */
// prettier-ignore
export const GRAMMAR_PREFIX: Record<string, number> = {
  clike: 14, c: 7, cpp: 7, arduino: 7, ino: 7, bash: 7, sh: 7, shell: 7, csharp: 7, cs: 7, dotnet: 7,
  markup: 14, html: 14, mathml: 14, svg: 14, xml: 7, ssml: 7, atom: 7, rss: 7, css: 8, diff: 9, go: 10,
  ini: 11, java: 12, regex: 13, javascript: 14, js: 14, json: 15, webmanifest: 15, kotlin: 16, kt: 16,
  kts: 16, less: 17, lua: 18, makefile: 19, yaml: 20, yml: 20, markdown: 21, md: 21, objectivec: 22,
  objc: 22, perl: 23, 'markup-templating': 24, php: 25, python: 26, py: 26, r: 27, ruby: 28, rb: 28,
  rust: 29, sass: 30, scss: 31, sql: 32, swift: 33, typescript: 34, ts: 34, basic: 35, vbnet: 36,
  docker: 37, dockerfile: 37, powershell: 38, toml: 39, nginx: 40, protobuf: 41, http: 42, properties: 43,
};
let registered = 0;

/** The names and aliases of the grammars above, known without registering them (hasGrammar). */
const GRAMMAR_NAMES = new Set(GRAMMARS.flatMap((g) => [g.displayName, ...(g.aliases ?? [])]));

/** Registers, once per thread, as many of the grammars above as the language `name` needs (all without a name). */
function grammars(name?: string): typeof refractor {
  const needed = name !== undefined && Object.hasOwn(GRAMMAR_PREFIX, name) ? GRAMMAR_PREFIX[name] : GRAMMARS.length;
  if (registered < needed) {
    // Registering walks the grammars registered before at each insertBefore: prismWalk.ts.
    if (registered === 0) useCheaperWalk(refractor.languages);
    for (; registered < needed; registered++) refractor.register(GRAMMARS[registered]);
  }
  return refractor;
}

const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  shellscript: 'bash',
  terminal: 'bash',
  yml: 'yaml',
  js: 'javascript',
  jsx: 'jsx',
  ts: 'typescript',
  py: 'python',
  golang: 'go',
  dockerfile: 'docker',
  ps1: 'powershell',
  ps: 'powershell',
  cmd: 'batch',
  text: '',
  txt: '',
  plaintext: '',
  plain: '',
};

/**
 * Highlighted code by language and text, as lines of HTML. A translated page mostly repeats its
 * original's code blocks (about two fifths of the Shifu site's code), and tokenizing is the costly
 * part: each block is tokenized once per thread (its lines are strings: callers share them).
 * Bounded, for a long-running dev server.
 */
const memo = new Map<string, readonly HighlightedLine[]>();
let memoChars = 0;
const MEMO_CHARS = 4 * 1024 * 1024;

/**
 * Registers the grammars of `themeConfig.prism.additionalLanguages` (Prism's names), as Docusaurus
 * adds them to its Prism: each is refractor's module of that language, which registers the grammars
 * it builds on. Each thread that highlights calls it (parallel/handlers.ts prepareMarkdown); the
 * config has refused names with no grammar (hasGrammar), and a language not asked for stays plain
 * text, as in Docusaurus.
 */
export async function loadLanguages(names: readonly string[]): Promise<void> {
  for (const lang of names) {
    const name = ALIASES[lang] ?? lang;
    if (!name || grammars().registered(name) || !hasGrammar(lang)) continue;
    const grammar = (await importModule(`refractor/${name}`)) as { default: Parameters<typeof refractor.register>[0] };
    refractor.register(grammar.default);
  }
}

/** Whether Prism has a grammar of this name (what loadLanguages would register), without loading it. */
export function hasGrammar(lang: string): boolean {
  const name = ALIASES[lang] ?? lang;
  if (!name || GRAMMAR_NAMES.has(name) || refractor.registered(name)) return Boolean(name);
  if (!/^[a-z][a-z0-9-]*$/.test(name)) return false;
  try {
    createRequire(import.meta.url).resolve(`refractor/${name}`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Highlights code and returns its lines, with their HTML when highlighted (tokenHtml.ts). The lines
 * are shared with other callers: strings, nothing to change.
 */
export function highlight(code: string, lang: string): readonly HighlightedLine[] {
  const name = highlightable(lang);
  if (!name) return code.split('\n').map((text) => ({ text }));
  const key = `${name}\u0000${code}`;
  const known = memo.get(key);
  if (known) return known;
  const tokens = refractor.highlight(code, name).children as ElementContent[];
  const lines = tokenLines(tokens) ?? splitLines(tokens).map((line) => ({ text: toString({ type: 'root', children: line }), html: toHtml(line) }));
  if (memoChars + key.length > MEMO_CHARS) {
    memo.clear();
    memoChars = 0;
  }
  memo.set(key, lines);
  memoChars += key.length;
  return lines;
}

/**
 * Highlights code and returns it split into lines of hast nodes (tokens never span two lines): for
 * trees that an HTML parser reads again (the md format's, plugins/htmlBlocks.ts), where the lines'
 * HTML would be read as the author's.
 */
export function highlightHast(code: string, lang: string): ElementContent[][] {
  const name = highlightable(lang);
  if (!name) return splitLines([{ type: 'text', value: code }]);
  return splitLines(refractor.highlight(code, name).children as ElementContent[]);
}

/** The grammar's name for a block's language when it has one (registered as needed), else undefined: the block is plain text. */
function highlightable(lang: string): string | undefined {
  const name = ALIASES[lang] ?? lang;
  return name && grammars(name).registered(name) ? name : undefined;
}

function splitLines(nodes: ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  const walk = (node: ElementContent, wrap: (c: ElementContent) => ElementContent) => {
    if (node.type === 'text') {
      const parts = node.value.split('\n');
      parts.forEach((part, i) => {
        if (i > 0) lines.push([]);
        if (part) lines[lines.length - 1].push(wrap({ type: 'text', value: part }));
      });
    } else if (node.type === 'element') {
      for (const child of node.children) {
        walk(child, (c) => wrap({ ...node, children: [c] }));
      }
    }
  };
  for (const node of nodes) walk(node, (c) => c);
  return lines;
}
