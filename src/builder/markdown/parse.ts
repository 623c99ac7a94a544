import path from 'node:path';
import type matter from 'gray-matter';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { preprocessMarkdown } from './preprocess.js';
import { isComment } from './literal.js';
import { mdxModule, partialImports, type MdxModule } from '../mdx/module.js';
import { markdownFormat, type MarkdownFormat, type MarkdownFormatOption } from './format.js';
import { SitegenError } from '../errors.js';
import { yamlErrorLine } from '../content/frontMatterLines.js';
import { readFrontMatter } from '../content/readFrontMatter.js';
import { withoutAutolinkTransform, withoutEmailAutolinkSyntax, type Transform } from './gfmAdapter.js';
import { collectDiagrams } from '../diagrams/collect.js';
import { checkBlockNesting, checkFileSize, checkTreeNesting, defaultMarkdownLimits, type MarkdownLimits } from './limits.js';

/** What the main thread keeps of a parse: everything but the tree (which stays where it was parsed). */
export type ParsedMeta = Omit<ParsedMarkdown, 'tree'>;

/** What parsing reads from the site config (`markdown`): the limits and the default format. */
export interface MarkdownParseOptions extends MarkdownLimits {
  format?: MarkdownFormatOption;
  /** The site has `src/theme/MDXComponents` (parseOptions.ts): a component no import names comes from it. */
  componentScope?: boolean;
  /** The site folder: `@site/...` imports of partials resolve from it. */
  siteDir?: string;
  /** MDX files' text read as MDX 1 read it, `{` and `<` as text (a Docusaurus 2 site: mdx1.ts). */
  mdx1?: boolean;
}

export interface ParsedMarkdown {
  file: string;
  /** The syntax the file was read with ('md': CommonMark, raw HTML kept as `html` nodes). */
  format: MarkdownFormat;
  frontMatter: Record<string, unknown>;
  /** Lines taken by the front matter block: add to an mdast line to get the source line. */
  lineOffset: number;
  tree: Root;
  /** Text of the first `#` heading when it opens the document. */
  contentTitle?: string;
  /** Words (Latin) and CJK characters of the text: reading time. */
  stats: { words: number; cjk: number };
  /** The sources of its mermaid diagrams (drawn before the pages are rendered); absent when it has none. */
  diagrams?: string[];
  /** The file's code (imports, exports, components, expressions) when it has any. */
  mdx?: MdxModule;
  /**
   * The file may draw a <DocCardList /> (it writes one, or has code, which may draw one): a doc's
   * page then needs the descriptions of its category's docs (plugins/docs/docCardList.ts).
   */
  cardList?: true;
  /** The file writes `<TOCInline`: its render fills the inline table of contents (plugins/tocInline.ts). */
  tocInline?: true;
  /** Parsed with the site's component scope (`componentScope`): its code may name the scope's components. */
  scoped?: true;
  /** An MDX file whose text was read as MDX 1 read it (`mdx1`). */
  mdx1?: true;
  /** The markdown files it imports (partials), by local name: absolute paths (markdown/plugins/jsx.ts draws them). */
  partials?: Record<string, string>;
}

// GFM's literal autolinks (bare urls and emails in text) cost about a quarter of a parse, in two
// parts, both narrowed here to where they can match, with the same trees as a result (the reach into
// remark-gfm's internals is in gfmAdapter.ts):
// - After parsing, a transform walks the whole tree and runs four regular expressions over every
//   text. Here it runs only on the phrasing nodes (paragraphs, headings, cells...) whose text holds
//   "http://", "https://", "www." or "@" (matches need one; text values are already decoded). Each
//   match is judged by its own text node alone, so a subtree gives what the whole tree would.
// - While tokenizing, an email construct is tried at every letter and digit of text. A document
//   whose source holds no "@" cannot hold an email, so it is parsed without that construct.

// Ordering: gfm before mdx would let autolink literals eat `<...>` JSX; mdx first, then gfm, then
// directives (admonitions), as in Docusaurus. The 'md' format (CommonMark + GFM) leaves mdx out: `<tag>`
// is raw HTML there and `{` is text.
const markdownProcessor = (format: MarkdownFormat, emailSyntax: boolean, take: (t: Transform) => void) => {
  const parser = format === 'mdx' ? unified().use(remarkParse).use(remarkMdx) : unified().use(remarkParse);
  const gfm = parser.use(remarkGfm).use(withoutAutolinkTransform(take));
  return (emailSyntax ? gfm : gfm.use(withoutEmailAutolinkSyntax)).use(remarkDirective).freeze();
};
/** GFM's literal-autolink transform, taken out of the processors (all of them hold the same one). */
let autolinkTransform: Transform | undefined;
const processor = markdownProcessor('mdx', true, (t) => (autolinkTransform = t));
const withoutEmailSyntax = markdownProcessor('mdx', false, () => {});
const commonMark = { full: markdownProcessor('md', true, () => {}), withoutEmailSyntax: markdownProcessor('md', false, () => {}) };
/** The MDX processors, for the test that they agree wherever the faster one is used. */
export const processors = { full: processor, withoutEmailSyntax };

const MAY_AUTOLINK = /https?:\/\/|www\.|@/i;

/** Runs GFM's literal-autolink transform on every topmost node with text that may hold a match. */
export function linkLiterals(tree: Root): void {
  const transform = autolinkTransform!;
  type Node = { type: string; value?: unknown; children?: Node[] };
  const mayMatch = (node: Node): boolean => {
    if (node.type === 'text') return MAY_AUTOLINK.test(node.value as string);
    if (!node.children || node.type === 'link' || node.type === 'linkReference') return false;
    for (const c of node.children) if (mayMatch(c)) return true;
    return false;
  };
  const visit = (node: Node) => {
    const children = node.children!;
    for (const c of children) {
      if (c.type === 'text') {
        if (mayMatch(node)) transform(node as unknown as Root);
        return;
      }
    }
    for (const c of children) if (c.children && c.type !== 'link' && c.type !== 'linkReference') visit(c);
  };
  visit(tree as unknown as Node);
}

export function parseMarkdown(params: { file: string; source: string; options?: MarkdownParseOptions }): ParsedMarkdown {
  const { file, source, options: limits = defaultMarkdownLimits } = params;
  checkFileSize(file, source, limits);
  let fm: matter.GrayMatterFile<string>;
  try {
    fm = readFrontMatter(source, file);
  } catch (e) {
    if (e instanceof SitegenError) throw e;
    const err = e as { mark?: { line: number; column: number }; reason?: string; message: string };
    // js-yaml counts from 0 in gray-matter's block, whose line 0 is the rest of the `---` line.
    const line = err.mark ? yamlErrorLine(source, err.mark.line) : 1;
    throw new SitegenError(`Invalid front matter`, [
      {
        message: err.reason ?? err.message.split('\n')[0],
        file,
        line,
        column: err.mark && line === err.mark.line + 1 ? err.mark.column + 1 : undefined,
        hint: 'Front matter is YAML between two lines of "---" at the very top of the file.',
      },
    ]);
  }
  const lineOffset = fm.matter ? source.slice(0, source.length - fm.content.length).split('\n').length - 1 : 0;
  const data = (fm.data ?? {}) as Record<string, unknown>;
  const format = markdownFormat({ file, source, frontMatter: data, site: params.options?.format });
  const mdx1 = format === 'mdx' && Boolean(params.options?.mdx1);
  const body = preprocessMarkdown(fm.content, format, { mdx1 });
  checkBlockNesting(file, body, lineOffset, limits);
  let tree: Root;
  try {
    const chosen = format === 'mdx' ? processors : commonMark;
    tree = (body.includes('@') ? chosen.full : chosen.withoutEmailSyntax).parse(body) as Root;
    checkTreeNesting(file, tree, lineOffset, limits);
    linkLiterals(tree);
  } catch (e) {
    if (e instanceof SitegenError) throw e;
    if (e instanceof RangeError) throw nestingOverflow(file, e);
    const err = e as { line?: number; column?: number; reason?: string; message: string; place?: { line?: number; column?: number; start?: { line: number; column: number } } };
    const place = err.place && 'start' in err.place && err.place.start ? err.place.start : (err.place as { line?: number; column?: number } | undefined);
    // Some micromark errors carry their position only in the message: "... (4:1-4:6)".
    const inText = /\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/.exec(err.reason ?? err.message);
    const line = (err.line ?? place?.line ?? (inText ? Number(inText[1]) : 1)) + lineOffset;
    throw new SitegenError(`Cannot parse markdown`, [
      {
        message: (err.reason ?? err.message).replace(/\s*\(\d+:\d+(?:-\d+:\d+)?\)\s*$/, ''),
        file,
        line,
        column: err.column ?? place?.column ?? (inText ? Number(inText[2]) : undefined),
        hint: "Markdown is read as MDX: write `<` as `&lt;` and `{` as `\\{` in text, close every HTML tag (`<br />`), or put code in backticks. Or read the file as CommonMark: `format: md` in its front matter, or `markdown: { format: 'detect' }` in the site config for every `.md` file.",
      },
    ]);
  }
  const first = tree.children.find((n) => !isNonContent(n));
  const contentTitle = first && first.type === 'heading' && first.depth === 1 ? stripHeadingId(toString(first)) : undefined;
  // Most files have no diagram: the walk is skipped unless the source names mermaid.
  const diagrams = /mermaid/i.test(body) ? collectDiagrams(tree) : [];
  const scoped = format === 'mdx' && Boolean(params.options?.componentScope);
  const mdx = format === 'mdx' ? mdxModule({ file, tree, lineOffset, scope: scoped }) : undefined;
  const cardList = Boolean(mdx) || (format === 'mdx' && body.includes('<DocCardList'));
  const tocInline = format === 'mdx' && body.includes('<TOCInline');
  const partials = format === 'mdx' ? resolvePartials(partialImports(tree), file, params.options?.siteDir) : undefined;
  return {
    file,
    format,
    frontMatter: normaliseDates(data),
    lineOffset,
    tree,
    contentTitle,
    stats: textStats(tree),
    ...(diagrams.length ? { diagrams } : {}),
    ...(mdx ? { mdx } : {}),
    ...(cardList ? { cardList: true as const } : {}),
    ...(tocInline ? { tocInline: true as const } : {}),
    ...(scoped ? { scoped: true as const } : {}),
    ...(mdx1 ? { mdx1: true as const } : {}),
    ...(partials ? { partials } : {}),
  };
}

/** Partials' paths as written (`./_a.mdx`, `@site/docs/_a.md`) made absolute. */
function resolvePartials(found: Record<string, string> | undefined, file: string, siteDir: string | undefined): Record<string, string> | undefined {
  if (!found) return undefined;
  const out: Record<string, string> = {};
  for (const [name, source] of Object.entries(found)) {
    out[name] = source.startsWith('@site/') && siteDir ? path.join(siteDir, source.slice('@site/'.length)) : path.resolve(path.dirname(file), source);
  }
  return out;
}

/**
 * Whether a parse of the same source (from a cache keyed by content) still stands under these options:
 * the format the file would be read with now is the one it was read with (the site's
 * `markdown.format` may have changed since), and so are the component scope (`src/theme/MDXComponents` added or removed)
 * and MDX 1's text (`markdown.mdx1`).
 */
/**
 * What a parse holds besides its tree, without reading the tree: a parse read back from the cache on
 * disk loads its tree only when it is first read (persistentCache.ts).
 */
export function withoutTree(parsed: ParsedMarkdown): ParsedMeta {
  const meta: Record<string, unknown> = {};
  for (const key of Object.keys(parsed)) if (key !== 'tree') meta[key] = parsed[key as keyof ParsedMarkdown];
  return meta as unknown as ParsedMeta;
}

export function stillParsedAs(parsed: ParsedMarkdown, options?: MarkdownParseOptions): boolean {
  const format = markdownFormat({ file: parsed.file, source: '', frontMatter: parsed.frontMatter, site: options?.format });
  const mdx = format === 'mdx';
  return format === parsed.format && Boolean(parsed.scoped) === (mdx && Boolean(options?.componentScope)) && Boolean(parsed.mdx1) === (mdx && Boolean(options?.mdx1));
}

/** A stack overflow in the parser or a pass: the file nests too deeply for the limit set. */
export function nestingOverflow(file: string, e: RangeError): SitegenError {
  return new SitegenError('Markdown nested too deeply', [
    { message: `the file nests too deeply to be processed (${e.message})`, file, line: 1, hint: 'Nest less deeply, or lower markdown.maxNesting in the site config.' },
  ]);
}

/** CJK characters (each one counts) and runs of Latin word characters, which CJK characters end as any other character does. */
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/g;
const LATIN_WORD = /[A-Za-z0-9_'-]+/g;

function textStats(tree: Root): { words: number; cjk: number } {
  let words = 0;
  let cjk = 0;
  const walk = (node: { value?: unknown; children?: unknown[] }) => {
    if (typeof node.value === 'string') {
      const text = node.value;
      const han = text.match(HAN);
      cjk += han ? han.length : 0;
      const latin = text.match(LATIN_WORD);
      words += latin ? latin.length : 0;
    }
    if (node.children) for (const c of node.children) walk(c as typeof node);
  };
  walk(tree as unknown as { children: unknown[] });
  return { words, cjk };
}

/** A top-level node that shows nothing: an import, or a comment (`{/* *\/}` in MDX, `<!-- -->` in md). */
export function isNonContent(node: Root['children'][number]): boolean {
  if (node.type === 'mdxjsEsm') return true;
  if (node.type === 'mdxFlowExpression') return isComment(node.value);
  return node.type === 'html' && /^\s*(<!--[\s\S]*?-->\s*)+$/.test(node.value);
}

function stripHeadingId(text: string): string {
  return text.replace(/\s*\{#[^\s}]+\}\s*$/, '');
}

/** YAML dates become Date objects; keep them as ISO strings so front matter stays plain data. */
function normaliseDates(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}
