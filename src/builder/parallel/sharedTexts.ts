import path from 'node:path';
import { cacheKey } from '../cacheKey.js';
import type { ParsedMarkdown } from '../markdown/parse.js';
import type { MarkdownContext } from '../markdown/context.js';
import { applyTrailingSlash } from '../../shared/url.js';
import type { MarkdownJob, MarkdownResult, ParseResult } from './protocol.js';

// Each distinct text parsed once per build, and rendered once per locale where its output depends on
// where the page sits through its relative links alone (issue 43, item 2). A release snapshots the
// docs and most pages never change again: in three public versioned Docusaurus sites only 28-45 % of
// the docs files are distinct. On a versioned site shaped like them (12 versions × 110 docs, a third
// translated, 59 % of the 1,777 files copies), this takes the parses from 1,777 to 721 and the
// markdown renders from 2,666 to about 1,600 (measured before/after: README.md, "Performance").
// - The shared part is keyed by the text's content hash, its extension (which picks the format under
//   `format: 'detect'`) and the parse options. A parse that depends on the file's place (code whose
//   imports resolve from its folder, imported partials) is not shared.
// - What depends on where the page sits is applied per file: its `file` (errors, links, images) on
//   the shared tree; on a shared render, the file's own relative links (`relinked`). A render is
//   shared only when it looked at its place for nothing else: it read its file only to resolve links
//   (images resolve from it, problems name it), numbered no diagram (its id is drawn from the file)
//   and draws no code (slots take the page). Otherwise the copy is rendered on its own, from the
//   shared tree. Version context, edit url and slug are the doc page's, made per route after.
// Identical texts are parsed on one thread: a file's tree stays where it was parsed, so the executor
// hands files of the same size to the same thread (executor.ts).

/** The key of a text's parse: its content, the extension of its file and the parse options (`optionsKey`: their cacheKey). */
export function textKey(file: string, source: string, optionsKey: string): string {
  return cacheKey(path.extname(file).toLowerCase(), optionsKey, source);
}

/** A parse another file of the same text may use: nothing in it depends on the file's place. */
export function shareableParse(parsed: Pick<ParsedMarkdown, 'mdx' | 'partials'>): boolean {
  return !parsed.mdx && !parsed.partials;
}

/** One thread's record of which files share a text: for the thread's life (one build), across its parse batches. */
export class SharedTexts {
  /** Text key → the file first parsed with it, whose tree the others read. */
  private readonly first = new Map<string, string>();
  /** File → its text key (every file this thread parsed in the stage). */
  private readonly keys = new Map<string, string>();
  /** File → the file whose tree it reads, for a copy. */
  private readonly treeOf = new Map<string, string>();

  /** The file this thread parsed first with the text of `file` (key: textKey), if another and its parse can be shared. */
  lookup(file: string, key: string): string | undefined {
    // A file parsed again with another text no longer holds its old one.
    const old = this.keys.get(file);
    if (old !== undefined && old !== key && this.first.get(old) === file) this.first.delete(old);
    this.keys.set(file, key);
    this.treeOf.delete(file);
    const first = this.first.get(key);
    return first === file ? undefined : first;
  }

  /** `file` reads the tree of `first`. */
  copied(file: string, first: string): void {
    this.treeOf.set(file, first);
  }

  /** `file` has a tree of its own (parsed, or read from the cache): the files of its text after it may share it. */
  parsed(file: string, parsed: Pick<ParsedMarkdown, 'mdx' | 'partials'>): void {
    this.treeOf.delete(file);
    const key = this.keys.get(file);
    if (key !== undefined && shareableParse(parsed) && !this.first.has(key)) this.first.set(key, file);
  }

  /** The file whose stored tree `file` reads (itself unless it is a copy). */
  treeFile(file: string): string {
    return this.treeOf.get(file) ?? file;
  }

  /** The key under which a job's render may be shared with the other files of its text, or undefined. */
  renderKey(job: MarkdownJob, parsed: Pick<ParsedMarkdown, 'mdx' | 'partials'>): string | undefined {
    const key = this.keys.get(job.file);
    if (key === undefined || job.page || !shareableParse(parsed)) return undefined;
    return `${key}\u0000${job.locale}\u0000${job.dropTitle ? 1 : 0}\u0000${job.tocMinLevel}-${job.tocMaxLevel}`;
  }
}

/** A render's relative markdown links as it resolved them: target as written → the doc's url. */
export type ResolvedLinks = [target: string, url: string][];

/**
 * Watches a render's context for what ties its output to the file's place: reading `file` for
 * anything but resolving a relative markdown link, or numbering a diagram. The context is changed in
 * place. `links()` is what the render resolved, or undefined when its output depends on its place
 * otherwise (then it is not shared).
 */
export function watchPlace(ctx: MarkdownContext): { links: () => ResolvedLinks | undefined } {
  let reads = 0;
  let placed = false;
  const resolved: ResolvedLinks = [];
  const file = ctx.file;
  Object.defineProperty(ctx, 'file', {
    enumerable: true,
    configurable: true,
    get() {
      reads++;
      return file;
    },
  });
  // links.ts reads `file` once for each link it resolves, as the argument of this call.
  const { resolveMarkdownLink } = ctx;
  ctx.resolveMarkdownLink = (target, fromFile) => {
    const url = resolveMarkdownLink(target, fromFile);
    if (url === undefined) placed = true;
    else resolved.push([target, url]);
    return url;
  };
  if (ctx.diagrams) {
    const { nextId } = ctx.diagrams;
    ctx.diagrams = {
      ...ctx.diagrams,
      nextId: () => {
        placed = true;
        return nextId();
      },
    };
  }
  return { links: () => (placed || reads !== resolved.length ? undefined : resolved) };
}

/** A url that reaches the HTML as it is written (no escaping, no encoding): only those are put in place by text. */
const PLAIN_URL = /^[\w\-./~]+$/;

/**
 * The render of another file of the same text, for `file`: its relative links resolved from `file`
 * (`resolve`: the file's context's) and put in place of the other's, in the HTML, the excerpt, the
 * table of contents and the links. Undefined when that cannot be done by text for certain: a link
 * that does not resolve from here (its error names this file), a url that is escaped in HTML, or a
 * url that appears other than where the links put it; the file is then rendered on its own.
 */
export function relinked(params: {
  result: MarkdownResult;
  links: ResolvedLinks;
  resolve: (target: string) => string | undefined;
  trailingSlash: boolean | undefined;
}): (MarkdownResult & { shared: true }) | undefined {
  const { result, links } = params;
  const to = new Map<string, string>();
  /** How many links each url was put in for. */
  const uses = new Map<string, number>();
  for (const [target, url] of links) {
    const mine = params.resolve(target);
    if (mine === undefined) return undefined;
    const from = applyTrailingSlash(url, params.trailingSlash);
    const into = applyTrailingSlash(mine, params.trailingSlash);
    if (!PLAIN_URL.test(from) || !PLAIN_URL.test(into) || (to.has(from) && to.get(from) !== into)) return undefined;
    to.set(from, into);
    uses.set(from, (uses.get(from) ?? 0) + 1);
  }
  const changed = new Map([...to].filter(([from, into]) => from !== into));
  if (!changed.size) return { ...result, shared: true };
  const { rendered } = result;
  // Each url is in the HTML exactly as often as links were resolved to it, and so in the links list.
  const inHtml = new Map<string, number>();
  hrefsIn(rendered.html, changed, (url) => inHtml.set(url, (inHtml.get(url) ?? 0) + 1));
  const base = (url: string) => url.split('#')[0];
  const inLinks = new Map<string, number>();
  for (const l of rendered.links) if (to.has(base(l.url))) inLinks.set(base(l.url), (inLinks.get(base(l.url)) ?? 0) + 1);
  for (const [from] of changed) if (inHtml.get(from) !== uses.get(from) || inLinks.get(from) !== uses.get(from)) return undefined;
  const swap = (html: string) => swapHrefs(html, changed);
  return {
    ...result,
    rendered: {
      ...rendered,
      html: swap(rendered.html),
      ...(rendered.excerptHtml !== undefined ? { excerptHtml: swap(rendered.excerptHtml) } : {}),
      toc: rendered.toc.map((t) => ({ ...t, html: swap(t.html) })),
      links: rendered.links.map((l) => {
        const into = to.get(base(l.url));
        return into === undefined ? l : { ...l, url: into + l.url.slice(base(l.url).length) };
      }),
    },
    shared: true,
  };
}

/**
 * Calls `found` for each `href="<url>` in `html` whose url, up to the next `"` or `#`, is a key of
 * `urls`, with where the url starts and ends. The same places as a RegExp `href="(url1|url2|...)(?=["#])`
 * finds (a plain url holds no `"` or `#`, so at most one of them fits a place), without making a
 * RegExp per file: each shared render made one of its own links, compiled for a few uses, most of
 * `relinked`'s cost. A page of the versioned site (bench/versioned.ts: 4.4 KB of HTML, 4 links)
 * relinked 1,000 times, each with its own urls: 195 -> 42 us a call (median of 3 processes each,
 * with the build's node options, 05:42 UTC, load 9); that site has about 1,000 shared renders.
 */
function hrefsIn(html: string, urls: ReadonlyMap<string, string>, found: (url: string, start: number, end: number) => void): void {
  for (let at = html.indexOf('href="'); at !== -1; at = html.indexOf('href="', at + 6)) {
    const start = at + 6;
    let end = start;
    for (let c = html.charCodeAt(end); end < html.length && c !== 34 /* " */ && c !== 35 /* # */; c = html.charCodeAt(++end));
    // No `"` or `#` to the end: no url ends, and no later `href="` is there.
    if (end === html.length) return;
    const url = html.slice(start, end);
    if (urls.has(url)) found(url, start, end);
  }
}

/** `html` with each url `hrefsIn` finds replaced by its value in `to`. */
function swapHrefs(html: string, to: ReadonlyMap<string, string>): string {
  let out = '';
  let from = 0;
  hrefsIn(html, to, (url, start, end) => {
    out += html.slice(from, start) + to.get(url);
    from = end;
  });
  return from === 0 ? html : out + html.slice(from);
}

/** What the parse and markdown stages of a build did: files parsed, and those that took another's parse or render. */
export interface TextCounts {
  /** Markdown files the parse stage was given. */
  files: number;
  /** Parsed (remark ran), in the parse stage or again to be rendered: one per distinct text, besides texts whose parse depends on the file's place. */
  parses: number;
  /** Took the parse of an identical text. */
  sharedParses: number;
  /** Read from the parse cache (an earlier build). */
  cachedParses: number;
  /** Markdown renders made. */
  renders: number;
  /** Renders that took an identical text's render (same locale, nothing placed). */
  sharedRenders: number;
}

export const noTexts = (): TextCounts => ({ files: 0, parses: 0, sharedParses: 0, cachedParses: 0, renders: 0, sharedRenders: 0 });

/** Adds a parse stage's results to `counts`. */
export function countParses(counts: TextCounts, results: Iterable<ParseResult>): void {
  for (const r of results) {
    counts.files++;
    if (r.from === 'shared') counts.sharedParses++;
    else if (r.from === 'cache') counts.cachedParses++;
    else counts.parses++;
  }
}

/** Adds a markdown stage's results to `counts` (a file parsed again to be rendered is a parse), and takes their marks off. */
export function countRenders(counts: TextCounts, results: Iterable<MarkdownResult>): void {
  for (const r of results) {
    if (r.reparsed) {
      counts.parses++;
      delete r.reparsed;
    }
    if (r.shared) {
      counts.sharedRenders++;
      delete r.shared;
    } else counts.renders++;
  }
}
