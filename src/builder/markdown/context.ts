import type { ProblemCollector } from '../errors.js';
import type { CodeOptions } from './plugins/code.js';
import type { TocItem } from '../../shared/types.js';
import type { IntrinsicSize } from './imageSize.js';
import type { Diagrams } from '../diagrams/types.js';
import type { DiagramResult } from '../diagrams/types.js';
import type { SiteChrome } from '../../shared/navbar.js';

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
  /** Whether a local file (image, download, partial) lies inside the site, content or static folders, links resolved: only those are read. */
  insideSite: (absPath: string) => boolean;
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
  /** The site's drawn diagrams, when `markdown.mermaid` is on (plugins/mermaid.ts). */
  diagrams?: DiagramContext;
  /** The places of the file drawn by its code (see mdx/module.ts); absent for a file without code. */
  slots?: Slots;
  /** themeConfig.prism's code block options, when the site sets them. */
  code?: CodeOptions;
  /** markdown.anchors.maintainCase: heading ids keep the heading's case. */
  anchorsMaintainCase?: boolean;
  /** The markdown files this file imports (partials), by local name (parse.ts). */
  partials?: Record<string, string>;
  /** What the user of a partial passed it (`{props.name}` reads them); none in a file drawn as a page. */
  props?: Record<string, unknown>;
  /** Draws an imported markdown file with these props, in this file's locale (parallel/partials.ts); or says why it cannot. */
  renderPartial?: (file: string, props: Record<string, unknown>) => { html: string; links: string[] } | { error: string };
}

export interface DiagramContext {
  /** The drawing of a diagram, or undefined when it is left to the browser. */
  lookup: (source: string) => DiagramResult | undefined;
  /** The next id for a diagram of this page (unique on it, the same in every build). */
  nextId: () => string;
  onBroken: 'throw' | 'warn' | 'ignore';
  /** mermaid's script and config, for the browser to draw what the build did not. */
  scriptUrl?: string;
  config: Record<string, unknown>;
}

/** Draws the slots of one markdown file with the site's MDX bundle. */
export interface Slots {
  has(offset: number): boolean;
  /** The slot's HTML (and its island's key), or why it failed: the error and the component's stack frame in the site's files. */
  render(offset: number, childrenHtml?: string): { html: string; island?: string; links?: string[] } | { error: string; frame?: string };
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
    /** What search indexes as prose, when it differs from `text`: without the code blocks, with the text the file's components drew. */
    prose?: string;
    /** The code blocks' lines, one per line (`\n` between them), when there are some. */
    code?: string;
  }[];
}

/**
 * The text a description is cut from: the intro's, else the first section's when the intro has no
 * words of the markdown's own (text its components drew is not the page's first paragraph).
 */
export function leadText(sections: RenderedMarkdown['sections']): string | undefined {
  return (sections[0]?.heading === undefined && !sections[0]?.text ? sections[1] : sections[0])?.text;
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
  /** markdown.anchors.maintainCase, set only when true (other sites' cache keys stay as they were). */
  anchorsMaintainCase?: true;
  /** themeConfig.prism.additionalLanguages, when the site names some: each render thread registers their grammars. */
  prismLanguages?: string[];
  /** themeConfig.prism's code block options (magicComments, defaultLanguage), when the site sets them. */
  code?: CodeOptions;
  /** The site's diagrams (`markdown.mermaid`): not part of a render's cache key, which holds its own diagrams' keys. */
  diagrams?: Diagrams & { onBroken: 'throw' | 'warn' | 'ignore' };
  /** The MDX bundle (mdx/bundle.ts) and the locale's chrome its components see, when some markdown holds code. */
  mdx?: { bundle: string; chrome: SiteChrome };
}
