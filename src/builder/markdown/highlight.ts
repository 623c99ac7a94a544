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
import { importModule } from '../importModule.js';
import { useCheaperWalk } from './prismWalk.js';

// Prism grammars through refractor, which returns hast directly: refractor's common set (what
// `import { refractor } from 'refractor'` registers, refractor/lib/common.js) and the ones Docusaurus
// sites use beyond it. They are registered on first use, not on import: registering them is 90-150 ms
// of CPU, and every thread loads this module (twice in an HTML worker: its own bundle and the server
// renderer's) while only the threads that render markdown highlight (`node --cpu-prof`, the versioned
// synthetic site: 240 ms of each HTML worker's start, Node 20).
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
let registered = false;

/** The names and aliases of the grammars above, known without registering them (hasGrammar). */
const GRAMMAR_NAMES = new Set(GRAMMARS.flatMap((g) => [g.displayName, ...(g.aliases ?? [])]));

/** Registers the grammars above, once per thread. */
function grammars(): typeof refractor {
  if (!registered) {
    // Registering walks the grammars registered before at each insertBefore: prismWalk.ts.
    useCheaperWalk(refractor.languages);
    for (const grammar of GRAMMARS) refractor.register(grammar);
    registered = true;
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
 * Highlighted code by language and text. A translated page mostly repeats its original's code blocks
 * (about two fifths of the Shifu site's code), and tokenizing is the costly part: each block is
 * tokenized once per thread and copied after. Bounded, for a long-running dev server.
 */
const memo = new Map<string, ElementContent[][]>();
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

/** Highlights code and returns it split into lines of hast nodes (tokens never span two lines). */
export function highlight(code: string, lang: string): ElementContent[][] {
  const name = ALIASES[lang] ?? lang;
  if (!name || !grammars().registered(name)) return splitLines([{ type: 'text', value: code }]);
  const key = `${name}\u0000${code}`;
  const known = memo.get(key);
  if (known) return known.map((line) => line.map(copy));
  const lines = splitLines(refractor.highlight(code, name).children as ElementContent[]);
  if (memoChars + key.length > MEMO_CHARS) {
    memo.clear();
    memoChars = 0;
  }
  memo.set(
    key,
    lines.map((line) => line.map(copy)),
  );
  memoChars += key.length;
  return lines;
}

/** A copy of a highlighted token (elements with class names, and text): callers may change theirs. */
function copy(node: ElementContent): ElementContent {
  if (node.type !== 'element') return { ...node };
  const className = node.properties.className;
  return { ...node, properties: { ...node.properties, ...(Array.isArray(className) ? { className: [...className] } : {}) }, children: node.children.map(copy) };
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
