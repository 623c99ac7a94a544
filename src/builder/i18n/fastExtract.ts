import * as esbuild from 'esbuild';
import { Parser, type Node } from 'acorn';
import jsx from 'acorn-jsx';
import { sourcePositions, type SourcePositions } from './sourcePositions.js';
import { readCall, sameCall, scanTranslations } from './scanCode.js';

// The messages of one React page file found without TypeScript's parser (extract.ts: loading it took
// 0.26-0.5 s of CPU, on the critical path of a cold build of a site with React pages): esbuild (native,
// already running for the bundles) strips the types and keeps the JSX, acorn (with acorn-jsx, both
// bundled already for MDX) parses what is left, unless a scan of it finds the same nodes (scanCode.ts:
// it gives up wherever it cannot be sure; acorn's parse, cold, was ~70 of this reader's ~115 ms of
// CPU in a cold build of Shifu, the scan and its checks ~10). The answer must be TypeScript's to the letter, so
// this reader answers only when it can be sure and says "ask TypeScript" (undefined) otherwise:
// - every <Translate> and translate() it reads is found again in the original text, through
//   esbuild's source map, token for token (the same tokens: no parentheses or `as` that esbuild
//   dropped, no type arguments; JSX text and attribute strings spelled the same), and its line is
//   the original's;
// - any rule broken (a problem to report): the error messages and their lines are TypeScript's.

export interface FoundMessage {
  id: string;
  message: string;
  description?: string;
  file: string;
  line: number;
}

const JsxParser = Parser.extend(jsx());
const OPTIONS = { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true } as const;

type AnyNode = Node & Record<string, unknown>;
type Finishing = new (options: typeof OPTIONS, input: string) => { finishNode(node: AnyNode, type: string): AnyNode };
/**
 * acorn with JSX that lists the JSX elements and calls it makes, as it finishes each node: the tree
 * is not walked again after the parse (walking it and matching took 56 of this reader's 222 ms in a
 * profile of Shifu's 27 page files).
 */
const Finder = JsxParser.extend((Base) => {
  return class extends (Base as unknown as Finishing) {
    found: AnyNode[] = [];
    override finishNode(node: AnyNode, type: string): AnyNode {
      const done = super.finishNode(node, type);
      if (type === 'JSXElement' || type === 'CallExpression') this.found.push(done);
      return done;
    }
  } as unknown as typeof Parser;
}) as unknown as new (options: typeof OPTIONS, input: string) => { parse(): unknown; found: AnyNode[] };
/** acorn's tokenizer from an offset (its Parser's constructor, which TypeScript's types of it keep protected). */
const Tokens = JsxParser as unknown as new (options: typeof OPTIONS, input: string, start: number) => { getToken(): { type: { label: string }; value: unknown; start: number; end: number } };

/** The messages of `text` (the file `file`), or undefined when TypeScript must read it (extract.ts). */
export async function fastExtract(file: string, text: string): Promise<FoundMessage[] | undefined> {
  let code: string;
  let map: string;
  try {
    ({ code, map } = await esbuild.transform(text, { loader: file.endsWith('x') ? 'tsx' : 'ts', jsx: 'preserve', sourcemap: 'external', sourcefile: file, charset: 'utf8', logLevel: 'silent' }));
  } catch {
    return undefined;
  }
  try {
    return read(file, text, code, sourcePositions((JSON.parse(map) as { mappings: string }).mappings));
  } catch {
    return undefined;
  }
}

/** Throws (caught above: ask TypeScript) whenever the generated code cannot be matched to `text`. */
function read(file: string, text: string, code: string, positions: SourcePositions): FoundMessage[] | undefined {
  const generatedLines = lineStarts(code);
  const originalLines = lineStarts(text);
  /** The original offset of a position of `code`, if the map names it. */
  const offsetOf = (start: number): number | undefined => {
    const line = lineOf(generatedLines, start);
    const at = positions.get(line, start - generatedLines[line]);
    return !at || at.line >= originalLines.length ? undefined : originalLines[at.line] + at.column;
  };
  const message = (node: AnyNode, at: number): FoundMessage | undefined => {
    const read = node.type === 'JSXElement' ? jsxMessage(node) : callMessage(node);
    return read && { id: read.id, message: read.message, description: read.description, file, line: lineOf(originalLines, at) + 1 };
  };
  return readScanned(text, code, offsetOf, message) ?? readParsed(text, code, offsetOf, message);
}

type OffsetOf = (start: number) => number | undefined;
const NAME_PART_OR_DOT = /[\\\w$.#@\u0080-\uffff]/;
type MessageOf = (node: AnyNode, at: number) => FoundMessage | undefined;

/**
 * The messages as scanCode.ts finds them, each compared with the original: an element's text the
 * same (or its tokens, sameTokens), a call's reading the same (readCall); undefined when the scan
 * gives up or anything differs: acorn reads the file then.
 */
function readScanned(text: string, code: string, offsetOf: OffsetOf, messageOf: MessageOf): FoundMessage[] | undefined {
  const found = scanTranslations(code);
  if (!found) return undefined;
  const messages: { at: number; message: FoundMessage }[] = [];
  for (const { node, call } of found) {
    const at = offsetOf(node.start);
    if (at === undefined) return undefined;
    if (call) {
      const theirs = readCall(text, at);
      // Also a whole name there: `mytranslate(` or `a.translate(` would not be the function.
      if (!theirs || !sameCall(call, theirs.read) || NAME_PART_OR_DOT.test(text[at - 1] ?? '')) return undefined;
      // The same text has the same tokens (an element ends with `>`, a token of its own); esbuild
      // prints most elements as written, and sameTokens compares the others.
    } else if (text.slice(at, at + node.end - node.start) !== code.slice(node.start, node.end) && !sameTokens(code, node.start, node.end, text, at)) return undefined;
    const message = messageOf(node as AnyNode, at);
    if (!message) return undefined;
    messages.push({ at, message });
  }
  // In the order TypeScript's walk meets them: by where they start.
  return messages.sort((a, b) => a.at - b.at).map((f) => f.message);
}

/** The messages as acorn's parse of the whole output finds them; undefined when TypeScript must read the file. */
function readParsed(text: string, code: string, offsetOf: OffsetOf, messageOf: MessageOf): FoundMessage[] | undefined {
  const parser = new Finder(OPTIONS, code);
  parser.parse();
  const found: { at: number; message: FoundMessage }[] = [];
  let unsure = false;
  /** The original offset of a node read in `code`, when its tokens are the original's from there. */
  const original = (node: AnyNode): number | undefined => {
    const offset = offsetOf(node.start);
    return offset !== undefined && sameTokens(code, node.start, node.end, text, offset) ? offset : undefined;
  };
  const add = (node: AnyNode) => {
    const at = original(node);
    const message = at === undefined ? undefined : messageOf(node, at);
    if (message) found.push({ at: at!, message });
    else unsure = true;
  };
  for (const node of parser.found) {
    if (node.type === 'JSXElement' && isTranslateTag(node)) add(node);
    const callee = node.callee as AnyNode | undefined;
    if (node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'translate') add(node);
  }
  if (unsure) return undefined;
  // In the order TypeScript's walk meets them: by where they start.
  return found.sort((a, b) => a.at - b.at).map((f) => f.message);
}

function isTranslateTag(node: AnyNode): boolean {
  const name = (node.openingElement as AnyNode).name as AnyNode;
  return name.type === 'JSXIdentifier' && name.name === 'Translate';
}

/** As extract.ts reads a <Translate>; undefined where it would report a problem. */
function jsxMessage(node: AnyNode): { id: string; message: string; description?: string } | undefined {
  const opening = node.openingElement as AnyNode;
  const attrs = opening.attributes as AnyNode[];
  const id = stringAttr(attrs, 'id');
  const description = stringAttr(attrs, 'description');
  let message: string | undefined;
  if (!opening.selfClosing) {
    const parts: string[] = [];
    for (const child of node.children as AnyNode[]) {
      if (child.type === 'JSXText') parts.push(child.raw as string);
      else if (child.type === 'JSXExpressionContainer' && (child.expression as AnyNode).type === 'JSXEmptyExpression') continue;
      else if (child.type === 'JSXExpressionContainer' && stringOf(child.expression as AnyNode) !== undefined) parts.push(stringOf(child.expression as AnyNode)!);
      else return undefined;
    }
    const joined = parts.join('').replace(/\s+/g, ' ').trim();
    if (joined) message = joined;
  }
  if (!id && message === undefined) return undefined;
  return { id: id ?? message!, message: message ?? id!, description };
}

function stringAttr(attrs: AnyNode[], name: string): string | undefined {
  for (const a of attrs) {
    const attrName = a.name as AnyNode | undefined;
    if (a.type !== 'JSXAttribute' || attrName?.type !== 'JSXIdentifier' || attrName.name !== name || !a.value) continue;
    const value = a.value as AnyNode;
    // An attribute's string as written (TypeScript's text of it: no escapes, no entities read).
    if (value.type === 'Literal' && typeof value.value === 'string') return (value.raw as string).slice(1, -1);
    if (value.type === 'JSXExpressionContainer' && stringOf(value.expression as AnyNode) !== undefined) return stringOf(value.expression as AnyNode);
  }
  return undefined;
}

/** As extract.ts reads a translate() call; undefined where it would report a problem. */
function callMessage(node: AnyNode): { id: string; message: string; description?: string } | undefined {
  const arg = (node.arguments as AnyNode[])[0];
  if (!arg || arg.type !== 'ObjectExpression') return undefined;
  const props = arg.properties as AnyNode[];
  const id = stringProp(props, 'id');
  const message = stringProp(props, 'message');
  const description = stringProp(props, 'description');
  if (!id && message === undefined) return undefined;
  return { id: id ?? message!, message: message ?? id!, description };
}

function stringProp(props: AnyNode[], name: string): string | undefined {
  for (const p of props) {
    if (p.type !== 'Property' || p.kind !== 'init' || p.method || p.shorthand || p.computed) continue;
    const key = p.key as AnyNode;
    // TypeScript's test: the name as written, quotes removed.
    const written = key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' && typeof key.value === 'string' ? (key.value as string).replace(/['"]/g, '') : undefined;
    if (written === name && stringOf(p.value as AnyNode) !== undefined) return stringOf(p.value as AnyNode);
  }
  return undefined;
}

/** A string literal's or a template without substitutions' value (TypeScript's isStringLiteralLike). */
function stringOf(node: AnyNode): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0) {
    const cooked = ((node.quasis as AnyNode[])[0].value as { cooked: string | null }).cooked;
    if (cooked !== null) return cooked;
  }
  return undefined;
}

/**
 * Whether the tokens of `code` from `start` to `end` are those of `text` from `from`: the same kinds
 * and values, and JSX text and strings after `=` (attribute values, read as written) spelled the same,
 * and escapes in the same tokens; trailing commas aside.
 */
function sameTokens(code: string, start: number, end: number, text: string, from: number): boolean {
  const ours = tokensOf(code, start, end);
  const theirs = tokensOf(text, from, Infinity, ours.length);
  return ours.length === theirs.length && ours.every((t, i) => t === theirs[i]);
}

function tokensOf(input: string, start: number, end: number, most = Infinity): string[] {
  const parser = new Tokens(OPTIONS, input, start);
  const out: string[] = [];
  let previous = '';
  // Past `most` tokens only to see whether a comma there trails.
  while (out.length < most || previous === ',') {
    const token = parser.getToken();
    if (token.type.label === 'eof' || token.start >= end) break;
    const raw = input.slice(token.start, token.end);
    const kind = token.type.label;
    // A trailing comma (esbuild leaves it out) changes no node.
    if (previous === ',' && (kind === '}' || kind === ')' || kind === ']')) out.pop();
    const asWritten = kind === 'jsxText' || (kind === 'string' && previous === '=');
    // An escape (`\u0069d`, `'\x69d'`) is kept by TypeScript's text of a name: one read the same both ways is not enough.
    const escaped = raw.includes('\\') ? '\\' : '';
    out.push(`${kind}${escaped} ${asWritten ? raw : typeof token.value === 'string' ? token.value : raw}`);
    previous = kind;
  }
  return out;
}

/** The offset where each line starts (after \n, \r\n, \r, U+2028, U+2029, as TypeScript counts lines). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) continue;
    if (c === 10 || c === 13 || c === 0x2028 || c === 0x2029) starts.push(i + 1);
  }
  return starts;
}

/** The 0-based line of an offset. */
function lineOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
