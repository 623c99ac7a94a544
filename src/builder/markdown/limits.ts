// Limits that keep one pathological markdown file from crashing or stalling a build. The parser and
// the tree passes recurse once per level of nesting and micromark slows down more than linearly on
// deep lists, so a file is refused, with its line, the limit and how to fix it, when it is larger than
// `markdown.maxFileSize` or nests deeper than `markdown.maxNesting` (as markdown-it does, default 100).
// Every check here is one linear pass and recurses nowhere.

import type { Root } from 'mdast';
import { SitegenError } from '../errors.js';

export interface MarkdownLimits {
  /** Block quotes, list items, emphasis, links, JSX elements... nested in one another. */
  maxNesting: number;
  /** Bytes of one markdown file (UTF-8). */
  maxFileSize: number;
}

export const defaultMarkdownLimits: MarkdownLimits = { maxNesting: 100, maxFileSize: 1024 * 1024 };

const NESTING_HINT = 'Nest less deeply (split the content, or use a table or headings), or raise markdown.maxNesting in the site config.';

function tooDeep(file: string, line: number, what: string, limits: MarkdownLimits): SitegenError {
  return new SitegenError('Markdown nested too deeply', [
    { message: `${what} nested more than ${limits.maxNesting} levels deep (markdown.maxNesting is ${limits.maxNesting})`, file, line, hint: NESTING_HINT },
  ]);
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB` : `${Math.ceil(n / 1024)} KB`;
}

/** Refuses a file larger than `maxFileSize` before any parsing. */
export function checkFileSize(file: string, source: string, limits: MarkdownLimits): void {
  // A UTF-8 byte is at most one UTF-16 unit: only count bytes when the length may be over.
  if (source.length * 3 <= limits.maxFileSize) return;
  const bytes = Buffer.byteLength(source, 'utf8');
  if (bytes <= limits.maxFileSize) return;
  throw new SitegenError('Markdown file too large', [
    {
      message: `the file is ${formatBytes(bytes)}, over markdown.maxFileSize (${formatBytes(limits.maxFileSize)})`,
      file,
      line: 1,
      hint: 'Split it into several documents, or raise markdown.maxFileSize (in bytes) in the site config.',
    },
  ]);
}

const FENCE = /^[ \t]*(`{3,}|~{3,})/;
const SPACE = /\s/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const THEMATIC_BREAK = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/**
 * Block quotes, list items and emphasis nested past the limit, found on the source before parsing
 * (micromark takes time growing with the cube of a list's depth, the square of emphasis'). It follows list items by their indentation and
 * counts `>` markers; it may count a level less than CommonMark would (lazy lines, tabs), never more.
 * `lineOffset` is added to the line numbers (the front matter's lines).
 */
export function checkBlockNesting(file: string, body: string, lineOffset: number, limits: MarkdownLimits): void {
  // Content columns of the open list items, innermost last; valid while the quote depth is the same.
  const items: number[] = [];
  let quotes = 0;
  // Emphasis runs opened and not closed yet in the paragraph (a run counts once: never more than CommonMark).
  let emphasis = 0;
  let inCode = false;
  let fence: string | undefined;
  let line = 0;
  for (let start = 0; start <= body.length; line++) {
    let end = body.indexOf('\n', start);
    if (end === -1) end = body.length;
    const text = body.slice(start, end);
    start = end + 1;
    const fenceMatch = FENCE.exec(text);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length && text.trim() === fenceMatch[1]) fence = undefined;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    if (!text.trim()) {
      emphasis = 0;
      inCode = false;
      continue;
    }
    let i = 0;
    let col = 0;
    let lineQuotes = 0;
    let opened = 0;
    for (;;) {
      // Indentation, then a `>`, a list marker, or the line's content.
      while (i < text.length && (text[i] === ' ' || text[i] === '\t')) col += text[i++] === '\t' ? 4 - (col % 4) : 1;
      if (text[i] === '>') {
        lineQuotes++;
        i++;
        col++;
        if (lineQuotes + items.length > limits.maxNesting) throw tooDeep(file, line + 1 + lineOffset, 'block quotes and list items are', limits);
        continue;
      }
      if (opened === 0) {
        // The line's own containers end here: items deeper than its indentation are closed.
        if (lineQuotes !== quotes) items.length = 0;
        quotes = lineQuotes;
        while (items.length && items[items.length - 1] > col) items.pop();
      }
      if (col - (items.length ? items[items.length - 1] : 0) >= 4) break; // indented code
      const marker = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/.exec(text.slice(i, i + 11));
      if (!marker || THEMATIC_BREAK.test(text.slice(i))) break;
      i += marker[0].length;
      col += marker[0].length;
      let spaces = 0;
      while (spaces < 5 && text[i + spaces] === ' ') spaces++;
      // The item's content starts after 1-4 spaces; with none or more, one column after the marker.
      const step = spaces >= 1 && spaces <= 4 ? spaces : Math.min(spaces, 1);
      items.push(col + (spaces >= 1 && spaces <= 4 ? spaces : 1));
      i += step;
      col += step;
      opened++;
      if (lineQuotes + items.length > limits.maxNesting) throw tooDeep(file, line + 1 + lineOffset, 'block quotes and list items are', limits);
    }
    // Emphasis: micromark matches its delimiters in time growing with the square of their nesting.
    for (let j = i; j < text.length; j++) {
      const c = text[j];
      if (c === '`') {
        while (text[j + 1] === '`') j++;
        inCode = !inCode;
        continue;
      }
      if (inCode || (c !== '*' && c !== '_')) continue;
      let k = j;
      while (text[k + 1] === c) k++;
      const before = j > 0 ? text[j - 1] : ' ';
      const after = k + 1 < text.length ? text[k + 1] : ' ';
      const opens = !SPACE.test(after) && (!PUNCTUATION.test(after) || SPACE.test(before) || PUNCTUATION.test(before));
      const closes = !SPACE.test(before) && (!PUNCTUATION.test(before) || SPACE.test(after) || PUNCTUATION.test(after));
      if (opens && !closes) {
        if (++emphasis > limits.maxNesting) throw tooDeep(file, line + 1 + lineOffset, 'emphasis delimiters (* and _) are', limits);
      } else if (closes && !opens && emphasis > 0) emphasis--;
      j = k;
    }
  }
}

/** Parents that add no level of their own (a list holds items, a paragraph holds text); leaves add none either. */
const FLAT = new Set(['root', 'list', 'paragraph', 'heading', 'table', 'tableRow', 'tableCell']);

/**
 * Every kind of nesting in the parsed tree (inline emphasis, links, JSX elements, directives, block
 * quotes...), checked with an explicit stack: the passes after it may recurse on the tree.
 */
export function checkTreeNesting(file: string, tree: Root, lineOffset: number, limits: MarkdownLimits): void {
  type Node = { type: string; children?: Node[]; position?: { start: { line: number } } };
  const stack: [Node, number][] = [[tree as unknown as Node, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    const level = FLAT.has(node.type) || !node.children ? depth : depth + 1;
    if (level > limits.maxNesting) throw tooDeep(file, (node.position?.start.line ?? 1) + lineOffset, 'block quotes, list items, emphasis, links or JSX elements are', limits);
    if (node.children) for (const c of node.children) stack.push([c, level]);
  }
}
