import type { ProblemCollector } from '../errors.js';
import type { TocItem } from '../../shared/types.js';
import type { IntrinsicSize } from './imageSize.js';

/** What the render plugins need from the outside world; one per rendered page. */
export interface MarkdownContext {
  file: string;
  /** Lines of front matter above the markdown: mdast line + lineOffset = source line. */
  lineOffset: number;
  locale: string;
  problems: ProblemCollector;
  /** Theme strings of the locale (admonition titles, "Direct link to {heading}"...). */
  strings: Record<string, string>;
  /** Turns a relative link to a markdown file into its url, or undefined when there is no such doc. */
  resolveMarkdownLink: (target: string, fromFile: string) => string | undefined;
  /** Registers a local file (image, download) for copying and returns its public url. */
  addAsset: (absPath: string) => string | undefined;
  /** Public url of a root-relative path (`/img/x.png`): base url added; static files checked. */
  resolveAbsolute: (pathname: string) => string;
  /**
   * For a root-relative image (`/img/x.png`): undefined when a static folder holds it, else the
   * files it was looked for as (one per static folder), for the "Image not found" error.
   */
  missingStatic: (pathname: string) => string[] | undefined;
  /** For a root-relative path (`/img/x.png`): the file of the first static folder that holds it. */
  staticFile: (pathname: string) => string | undefined;
  /** Width and height of a local image file (undefined when unreadable); the render then depends on the file. */
  imageSize: (absPath: string) => IntrinsicSize | undefined;
  tocMinLevel: number;
  tocMaxLevel: number;
  /** The site's trailing-slash rule for internal links. */
  trailingSlash?: boolean;
  onBrokenMarkdownLinks: 'throw' | 'warn' | 'ignore';
  /** What to do with raw HTML (JSX elements) in markdown (config `markdown.html`); `allow` when unset. */
  html?: RawHtmlPolicy;
}

export type RawHtmlPolicy = 'allow' | 'sanitize' | 'error';

export interface LinkRecord {
  url: string;
  line?: number;
  column?: number;
}

/** What rendering one markdown file produces. */
export interface RenderedMarkdown {
  html: string;
  /** The part above `<!--truncate-->` when there is one. */
  excerptHtml?: string;
  toc: TocItem[];
  /** Every element id in the body (heading ids and explicit ids): the page's anchors. */
  anchors: string[];
  links: LinkRecord[];
  /** Plain text per section for the search index: the intro (no heading) then one per h2/h3. */
  sections: {
    id?: string;
    heading?: string;
    level: number;
    /** Everything, code blocks included, whitespace collapsed. */
    text: string;
    /** The text without its code blocks, when it has some. */
    prose?: string;
    /** The code blocks' lines, one per line (`\n` between them), when there are some. */
    code?: string;
  }[];
}

export function lineOf(ctx: MarkdownContext, node: { position?: { start: { line: number; column: number } } }) {
  return node.position ? { line: node.position.start.line + ctx.lineOffset, column: node.position.start.column } : {};
}

export function t(ctx: MarkdownContext, id: string, fallback: string, values: Record<string, string> = {}): string {
  const message = ctx.strings[id] ?? fallback;
  return message.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}

/**
 * Everything a markdown render needs from the site, as plain data: one per locale. Workers receive it
 * once and build the same context as the main thread does (render/markdownContext.ts makes it).
 */
export interface MarkdownContextSpec {
  locale: string;
  localeBaseUrl: string;
  siteBaseUrl: string;
  siteDir: string;
  strings: Record<string, string>;
  tocMinLevel: number;
  tocMaxLevel: number;
  trailingSlash?: boolean;
  onBrokenMarkdownLinks: 'throw' | 'warn' | 'ignore';
  html: RawHtmlPolicy;
  sourceToPermalink: [string, string][];
  contentRoots: { original: string; localized: string }[];
  staticPaths: string[];
  /** Absolute static folders, in the config's order (for messages). */
  staticDirs: string[];
}
