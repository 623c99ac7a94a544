import type { ProblemCollector } from '../errors.js';
import type { CodeOptions } from './plugins/code.js';
import type { TocItem } from '../../shared/types.js';
import type { IntrinsicSize } from './imageSize.js';
import type { Diagrams } from '../diagrams/types.js';
import type { DiagramResult } from '../diagrams/types.js';
import type { SiteChrome } from '../../shared/navbar.js';
import { DOC_CARD_LIST_MARKER } from '../../shared/docCardList.js';

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

// A render read back from the build cache on disk may come with its body HTML and its search
// sections not read yet (contentStore.ts: they are nearly all its bytes, and a warm build that keeps
// a page's files and its search contexts never uses them). What pages derive from them is known
// without them (the lead text, whether the HTML holds a marker of HTML_MARKERS); a page shows them by
// reference (showPart), read when something reads them; the page's key counts them by their render's
// key without reading them (render/renderedKeys.ts).

/** The parts of a render that may be read when first used. */
export type DeferredPart = 'html' | 'sections';

/** Strings whose presence in a render's HTML is known without reading it (htmlHolds): the docs' <DocCardList /> placeholder. */
export const HTML_MARKERS: readonly string[] = [DOC_CARD_LIST_MARKER];

/** What is known of a render's deferred parts: the sections' lead text, and the HTML_MARKERS its HTML holds. */
export interface DeferredFacts {
  lead: string | undefined;
  markers: string[];
}

const deferred = new WeakMap<RenderedMarkdown, DeferredFacts>();
/** The members of pages and search inputs that show a render's part by reference (showPart), by object and member. */
const shown = new WeakMap<object, Map<string, [RenderedMarkdown, DeferredPart]>>();

/**
 * Makes each part of `read` read when first used (the value then stays); `facts` are what is known
 * of them. A `read` throws when its part cannot be read (contentStore.ts StoredRenderLost).
 */
export function deferParts(rendered: RenderedMarkdown, facts: DeferredFacts, read: { html?: () => string; sections?: () => RenderedMarkdown['sections'] }): void {
  deferred.set(rendered, facts);
  for (const part of ['html', 'sections'] as const) {
    const load = read[part];
    if (!load) continue;
    const settle = (value: unknown) => Object.defineProperty(rendered, part, { value, writable: true, enumerable: true, configurable: true });
    Object.defineProperty(rendered, part, {
      enumerable: true,
      configurable: true,
      get() {
        const value = load();
        settle(value);
        return value;
      },
      set: settle,
    });
  }
}

/** Whether the render's part is not read yet (deferParts). */
export function partDeferred(rendered: RenderedMarkdown, part: DeferredPart): boolean {
  return deferred.has(rendered) && Object.getOwnPropertyDescriptor(rendered, part)?.get !== undefined;
}

/** leadText of the render's sections, without reading sections not read yet. */
export function leadOf(rendered: RenderedMarkdown): string | undefined {
  const facts = deferred.get(rendered);
  return facts ? facts.lead : leadText(rendered.sections);
}

/** Whether the render's HTML holds `marker`, without reading an HTML not read yet when the marker is one of HTML_MARKERS. */
export function htmlHolds(rendered: RenderedMarkdown, marker: string): boolean {
  const facts = deferred.get(rendered);
  return facts && HTML_MARKERS.includes(marker) ? facts.markers.includes(marker) : rendered.html.includes(marker);
}

/**
 * Sets `owner[member]` to the render's `part`, by reference; when the part is not read yet, as a
 * member that reads it when first read (as the render's own does). A member already there keeps its place.
 */
export function showPart<T extends object>(owner: T, member: string, rendered: RenderedMarkdown, part: DeferredPart): T {
  if (!partDeferred(rendered, part)) return Object.assign(owner, { [member]: rendered[part] });
  const members = shown.get(owner) ?? shown.set(owner, new Map()).get(owner)!;
  members.set(member, [rendered, part]);
  return Object.defineProperty(owner, member, {
    enumerable: true,
    configurable: true,
    get: () => rendered[part],
    set: (value: unknown) => Object.defineProperty(owner, member, { value, writable: true, enumerable: true, configurable: true }),
  });
}

/** `input` with the render's sections as its last member, `sections` (showPart). */
export function showSections<T extends object>(input: T, rendered: RenderedMarkdown): T & { sections: RenderedMarkdown['sections'] } {
  return showPart(input, 'sections', rendered, 'sections') as T & { sections: RenderedMarkdown['sections'] };
}

/** The members of `owner` that show a render's part by reference and were made while it was not read (showPart), if any. */
export function shownParts(owner: object): ReadonlyMap<string, readonly [RenderedMarkdown, DeferredPart]> | undefined {
  const members = shown.get(owner);
  if (!members) return undefined;
  const still = [...members].filter(([member]) => Object.getOwnPropertyDescriptor(owner, member)?.get);
  return still.length ? new Map(still) : undefined;
}

/** Whether `owner[member]` shows a render's HTML not read yet that holds `marker` (undefined: not such a member; see htmlHolds). */
export function shownHtmlHolds(owner: object, member: string, marker: string): boolean | undefined {
  const [rendered, part] = shownParts(owner)?.get(member) ?? [];
  return rendered && part === 'html' && partDeferred(rendered, 'html') ? htmlHolds(rendered, marker) : undefined;
}

/** Reads every part `owner` shows by reference that is not read yet (before code that must not fail on one: the HTML stage). */
export function readShownParts(owner: object): void {
  for (const member of shownParts(owner)?.keys() ?? []) void (owner as Record<string, unknown>)[member];
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
