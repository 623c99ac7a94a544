import path from 'node:path';
import { cacheKey } from '../cacheKey.js';
import type { ParsedMarkdown } from '../markdown/parse.js';
import type { MarkdownContext } from '../markdown/context.js';
import type { MarkdownJob, MarkdownResult, ParseResult } from './protocol.js';

// Each distinct text parsed once per build, and rendered once per locale where its output does not
// depend on where the page sits (issue 43, item 2). A release snapshots the docs and most pages
// never change again: in three public versioned Docusaurus sites only 28-45 % of the docs files are
// distinct. Measured on the versioned benchmark shaped like them (12 versions × 110 docs × 2
// locales, 60 % of texts repeated; numbers in the README of parallel/), parse and markdown render are
// most of a cold build's CPU, so a copy costs a lookup instead.
// - The shared part is keyed by the text's content hash and its extension (which picks the format
//   under `format: 'detect'`); the parse options are those of the stage (one per build). A parse that
//   depends on the file's place (code whose imports resolve from its folder, imported partials) is
//   not shared.
// - What depends on where the page sits is applied per file: its `file` (errors, links, images) on
//   the shared tree, and a render is shared only when it never looked at its place: it did not read
//   its file (relative links and images resolve from it, problems name it) nor number a diagram (its
//   id is drawn from the file), and it draws no code (slots take the page). Otherwise the copy is
//   rendered on its own, from the shared tree: its links point into its own version.
// Identical texts are parsed on one thread: a file's tree stays where it was parsed, so the executor
// hands files of the same size to the same thread (executor.ts).

/** The key of a text's parse: its content and the extension of its file. */
export function textKey(file: string, source: string): string {
  return cacheKey(path.extname(file).toLowerCase(), source);
}

/** A parse another file of the same text may use: nothing in it depends on the file's place. */
export function shareableParse(parsed: Pick<ParsedMarkdown, 'mdx' | 'partials'>): boolean {
  return !parsed.mdx && !parsed.partials;
}

/** One thread's record of which files share a text (cleared at each parse stage). */
export class SharedTexts {
  /** Text key → the file first parsed with it, whose tree the others read. */
  private readonly first = new Map<string, string>();
  /** File → its text key (every file this thread parsed in the stage). */
  private readonly keys = new Map<string, string>();
  /** File → the file whose tree it reads, for a copy. */
  private readonly treeOf = new Map<string, string>();

  /** A new parse stage: what the last one parsed may have changed. */
  reset(): void {
    this.first.clear();
    this.keys.clear();
    this.treeOf.clear();
  }

  /** The file this thread parsed first with the text of `file` (key: textKey), if another and its parse can be shared. */
  lookup(file: string, key: string): string | undefined {
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

/**
 * Watches a render's context for what ties its output to the file's place: reading `file`, or
 * numbering a diagram. `placed()` says whether it did. The context is changed in place.
 */
export function watchPlace(ctx: MarkdownContext): { ctx: MarkdownContext; placed: () => boolean } {
  let placed = false;
  const file = ctx.file;
  Object.defineProperty(ctx, 'file', {
    enumerable: true,
    configurable: true,
    get() {
      placed = true;
      return file;
    },
  });
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
  return { ctx, placed: () => placed };
}

/** A shared render as another file's result, marked for the executor's count (which takes the mark off). Its rendered markdown is the same object: its readers only read it, as they do a doc's render shown on several pages. */
export function sharedResult(result: MarkdownResult): MarkdownResult & { shared: true } {
  return { ...result, shared: true };
}

/** What the parse and markdown stages of a build did: files parsed, and those that took another's parse or render. */
export interface TextCounts {
  /** Markdown files the parse stage was given. */
  files: number;
  /** Parsed (remark ran): one per distinct text, besides texts whose parse depends on the file's place. */
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

/** Adds a markdown stage's results to `counts`, and takes the mark of a shared render off. */
export function countRenders(counts: TextCounts, results: Iterable<MarkdownResult>): void {
  for (const r of results) {
    if (r.shared) {
      counts.sharedRenders++;
      delete r.shared;
    } else counts.renders++;
  }
}
