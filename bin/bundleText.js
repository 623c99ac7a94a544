// Rewrites of an esbuild bundle's text that make it cheaper to load, for the bundles node runs through
// vm.Script: the CLI's (cli-bundle.js) and the worker threads' (src/builder/parallel/workerScript.ts).
import { createRequire } from 'node:module';

/**
 * The last line of a bundle written in ASCII (asciiOnly): runCached then reads it as such without
 * checking its 4 MB again (isAscii: 9-11 ms of CPU at every start, 16:20 UTC, load 13).
 */
export const ASCII_MARK = '\n// sitegen: ascii\n';

/** Whether the bundle `bytes` ends with ASCII_MARK. */
export function asciiMarked(bytes) {
  return bytes.length >= ASCII_MARK.length && bytes.toString('latin1', bytes.length - ASCII_MARK.length) === ASCII_MARK;
}

/** The bundle `code` to write: in ASCII with ASCII_MARK when asciiOnly can make it so, else as it is. */
export function markedAscii(code) {
  const ascii = asciiOnly(code);
  return /[^\x00-\x7f]/.test(ascii) ? ascii : ascii + ASCII_MARK;
}

/** The text of a bundle written by markedAscii: a marked one read as it is, one byte a character, without decoding UTF-8. */
export function bundleSource(bytes) {
  return asciiMarked(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/**
 * The bundle in ASCII, when it can be had: V8 keeps a source of ASCII one byte a character, and node
 * reads it without decoding UTF-8. A warm build read the 4.3 MB bundle in 36 ms of CPU instead of 80,
 * and compiled it from its code cache in 37 ms instead of 55 (4 runs each alternating, 10:44 UTC,
 * load 9). esbuild writes the non-ASCII characters of strings as escapes, not those of comments and
 * regular expressions (about 70 comments and 4 expressions, from the packages and sitegen's own):
 * these become \u escapes, the same text in a comment, the same character in an expression. Anything
 * else (a tagged template's raw text, an escaped character in an expression), or acorn (a package the
 * bundle holds) missing, leaves the bundle as it is.
 */
export function asciiOnly(code) {
  if (!/[^\x00-\x7f]/.test(code)) return code;
  let acorn;
  try {
    acorn = createRequire(import.meta.url)('acorn');
  } catch {
    return code;
  }
  const spans = [];
  try {
    const tokens = acorn.tokenizer(code, { ecmaVersion: 'latest', allowHashBang: true, allowReturnOutsideFunction: true, onComment: (_block, _text, start, end) => spans.push([start, end]) });
    for (const t of tokens) if (t.type.label === 'regexp') spans.push([t.start, t.end]);
  } catch {
    return code;
  }
  let out = '';
  let at = 0;
  for (const [start, end] of spans.sort((a, b) => a[0] - b[0])) {
    const text = code.slice(start, end);
    if (!/[^\x00-\x7f]/.test(text)) continue;
    // An escaped character in an expression (`\’`) would become an escaped backslash.
    if (/(^|[^\\])(\\\\)*\\[^\x00-\x7f]/.test(text)) return code;
    out += code.slice(at, start) + text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    at = end;
  }
  out += code.slice(at);
  return /[^\x00-\x7f]/.test(out) ? code : out;
}

/**
 * Node's own modules (and the few packages left as imports) as ES namespaces, one per module in the
 * bundle: esbuild makes one for each module of the bundle that imports them (`__toESM(require(...))`),
 * a getter per export copied each time (120 of node:path, 94 of node:fs, 32 of node:crypto, ...), which
 * took 35-39 ms of CPU at every start of the CLI (a sixth of its top level, 210 ms: profile of the
 * bundle loaded from its code cache, 11:49 UTC). A module left as an import is whole when require()
 * returns, and nothing writes to a namespace: the first one made serves every importer.
 */
export const ONE_NAMESPACE = `const __sitegenNamespaces = [new Map(), new Map()];
const __sitegenToESM = (mod, isNodeMode) => {
  const known = __sitegenNamespaces[isNodeMode ? 1 : 0];
  let ns = known.get(mod);
  if (!ns) known.set(mod, (ns = __toESM(mod, isNodeMode)));
  return ns;
};`;

/** The bundle `code` with its imports of left-out modules through ONE_NAMESPACE (in its banner). */
export function oneNamespaceEach(code) {
  return code.replace(/\b__toESM\(require\("/g, '__sitegenToESM(require("');
}
