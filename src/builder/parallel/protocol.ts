import type { ParsedMeta } from '../markdown/parse.js';
import type { RenderedMarkdown } from '../markdown/context.js';
import type { MarkdownContextSpec } from '../markdown/context.js';
import type { Problem } from '../errors.js';
import type { MarkdownParseOptions } from '../markdown/parse.js';
import type { PageData, SidebarItem } from '../../shared/types.js';
import type { SiteChrome } from '../../shared/navbar.js';
import type { HeadCollector } from '../../shared/siteState.js';
import type { ClientAssets, DocumentSettings } from '../render/htmlDocument.js';

// The messages between the build and its workers. Everything here is plain data (structured clone).

export interface ParseResult {
  meta?: ParsedMeta;
  problems: Problem[];
  /** Not parsed here: read from the parse cache, or the parse of an identical text (parallel/sharedTexts.ts). */
  from?: 'cache' | 'shared';
}

/** One markdown file rendered for one locale; the same key is the same HTML. */
export interface MarkdownJob {
  file: string;
  locale: string;
  dropTitle: boolean;
  tocMinLevel: number;
  tocMaxLevel: number;
  /**
   * The page a file with code is drawn on (a doc's: its url and its sidebar): the hooks of its
   * components read them (useCurrentSidebarCategory). A file is drawn on one page per locale, so the key leaves it out.
   */
  page?: { route: string; sidebar?: SidebarItem[] };
}

export const markdownJobKey = (j: MarkdownJob) => `${j.locale}\u0000${j.file}\u0000${j.dropTitle ? 1 : 0}\u0000${j.tocMinLevel}-${j.tocMaxLevel}`;

export interface MarkdownResult {
  rendered: RenderedMarkdown;
  errors: Problem[];
  warnings: Problem[];
  /** Local files the markdown refers to: output path → absolute source. */
  assets: [string, string][];
  /** Local files the render read (assets, measured images) → content hash: a cached render is reused only while they are unchanged. */
  inputs: [string, string][];
  /** The islands the page holds (module#export): their code goes into the browser bundle. */
  islands?: string[];
  /** The render of an identical text (parallel/sharedTexts.ts): set by the thread, counted and taken off by the executor. */
  shared?: true;
  /** Parsed again to be rendered (its tree was not on this thread): counted and taken off by the executor. */
  reparsed?: true;
  /** The content key of `rendered`, set by the render stage with a cache and kept with the render (render/renderedKeys.ts markdownKey). */
  key?: string;
}

export interface HtmlJob {
  index: number;
  locale: string;
  page: PageData;
  /** The sidebar as this page first shows it (see pruneSidebar). */
  sidebar?: { items: SidebarItem[]; pruned: boolean };
  /** Where the whole sidebar is (writing documents on the thread). */
  sidebarUrl?: string;
  /** The route's path. */
  routePath: string;
}

export interface HtmlShared {
  serverBundle: string;
  pageKeys: string[];
  chromes: Record<string, SiteChrome>;
  /**
   * With this, the thread makes each page's HTML document and page data and writes them into the
   * folder itself: the main thread then neither copies every page's markup back nor holds it.
   */
  documents?: DocumentsSpec;
}

export interface DocumentsSpec {
  folder: string;
  settings: DocumentSettings;
  assets: ClientAssets;
  locales: Record<string, { htmlLang: string; dir: string }>;
}

export interface HtmlResult {
  index: number;
  appHtml?: string;
  head: HeadCollector;
  /** The internal urls the page's <Link>s drew (none: left out). */
  links?: string[];
  /** The thread wrote the page's files (see HtmlShared.documents). */
  written?: boolean;
  error?: string;
  /** Where in the site's sources the page threw (the server bundle's source map), when known. */
  errorAt?: { file: string; line: number; column: number };
}

export type WorkerRequest =
  | { id: number; type: 'parse'; files: string[]; options: MarkdownParseOptions; /** The files' texts as the build read them (undefined: read on the thread). */ texts?: (string | undefined)[] }
  | { id: number; type: 'specs'; specs: MarkdownContextSpec[] }
  | {
      id: number;
      type: 'markdown';
      jobs: MarkdownJob[];
      /** The build's parse options, for a file parsed again to be rendered (a thread may have parsed nothing this build). */ options?: MarkdownParseOptions;
    }
  | { id: number; type: 'html'; shared?: HtmlShared; jobs: HtmlJob[] }
  | { id: number; type: 'reset' };

export type WorkerResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string; problem?: { title: string; problems: Problem[] } };

export type WorkerRequestBody = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
