import { nestingOverflow, parseMarkdown, stillParsedAs, withoutTree, type MarkdownParseOptions, type ParsedMarkdown } from '../markdown/parse.js';
import { renderMarkdown } from '../markdown/render.js';
import { loadHtmlParser } from '../markdown/plugins/htmlBlocks.js';
import { loadLanguages } from '../markdown/highlight.js';
import { defaultMarkdownLimits } from '../markdown/limits.js';
import type { RenderedMarkdown } from '../markdown/context.js';
import { ProblemCollector, SitegenError } from '../errors.js';
import { AssetRegistry, contextFactory, type MarkdownContextSpec } from '../render/markdownContext.js';
import type { MarkdownJob, MarkdownResult, ParseResult } from './protocol.js';
import type { HtmlState } from './htmlHandler.js';
import type { ParseCache } from '../plugins/api.js';
import { readText } from '../content/readText.js';
import { noHeapBound, type HeapBound } from './heapBound.js';
import { loadMdxBundle, slotsOf, type MdxBundle } from '../mdx/slots.js';
import { withPartials } from './partials.js';
import { cacheKey } from '../cacheKey.js';
import { SharedTexts, relinked, textKey, watchPlace, type ResolvedLinks } from './sharedTexts.js';

// The work that can run on any thread: parsing markdown (the tree stays here), rendering it for a
// locale, and rendering pages to HTML with the server bundle. The same functions serve the worker
// threads and the in-process executor.

export interface WorkerState extends HtmlState {
  trees: Map<string, ParsedMarkdown | CompactTree>;
  /** Keep trees as JSON text between parse and render: a third of the memory of the objects. */
  compact: boolean;
  contexts: Map<string, ReturnType<typeof contextFactory>>;
  baseUrls: Map<string, string>;
  /** The options (limits, format) of the last parse, for a file parsed again at render time. */
  parseOptions: MarkdownParseOptions;
  /** Stepped after each file parsed or rendered (see heapBound.ts). */
  heap: HeapBound;
  /** Per locale: what the MDX bundle's components see (its chrome), when the site's markdown holds code. */
  mdxSpecs: Map<string, NonNullable<MarkdownContextSpec['mdx']> & { siteDir: string }>;
  mdx?: MdxBundle;
  /** themeConfig.prism.additionalLanguages: registered on this thread before it highlights (prepareMarkdown). */
  prismLanguages: string[];
  /** Which files of the parse stage share a text, and so a tree (sharedTexts.ts). */
  texts: SharedTexts;
}

/** A parsed file kept as JSON text: parsing it back is several times cheaper than parsing markdown. */
interface CompactTree {
  meta: Omit<ParsedMarkdown, 'tree'>;
  json: string;
}

export function newState(options: { compact?: boolean; heap?: HeapBound } = {}): WorkerState {
  return {
    trees: new Map(),
    contexts: new Map(),
    baseUrls: new Map(),
    compact: options.compact ?? false,
    parseOptions: defaultMarkdownLimits,
    heap: options.heap ?? noHeapBound,
    mdxSpecs: new Map(),
    prismLanguages: [],
    texts: new SharedTexts(),
  };
}

/** Trees with MDX expressions keep their estree nodes as objects (they may hold values JSON cannot). */
function hasEstree(node: unknown): boolean {
  const n = node as { data?: { estree?: unknown }; children?: unknown[]; attributes?: { value?: { data?: { estree?: unknown } } }[] };
  if (n.data?.estree || (Array.isArray(n.attributes) && n.attributes.some((a) => a.value && typeof a.value === 'object' && a.value.data?.estree))) return true;
  return Boolean(n.children?.some(hasEstree));
}

/**
 * Keeps a parsed file on this thread: as JSON text when the state is compact (see CompactTree). `own`:
 * no one else holds the tree (a parse made here, in no cache), so its positions are packed in place
 * and JSON.stringify runs without a replacer, which it otherwise calls for every member of the tree:
 * the trees of 2,000 files of the 10,000-docs folder site (bench/folder.ts), 4 rounds alternating
 * (18:56 UTC, load 14): 68-86 ms of CPU with the replacer, 47-66 ms packed in place, the same text.
 */
function store(state: WorkerState, parsed: ParsedMarkdown, own = false): void {
  if (!state.compact || hasEstree(parsed.tree)) {
    state.trees.set(parsed.file, parsed);
    return;
  }
  const { tree, ...meta } = parsed;
  const json = own ? JSON.stringify(packPositions(tree as PositionedNode)) : JSON.stringify(tree, packPosition);
  state.trees.set(parsed.file, { meta, json });
}

/**
 * Positions are most of a tree's JSON; rendering reads only where a node starts (line and column for
 * messages, offset for the truncate marker). They are kept as [line, column, offset] and come back
 * with their end equal to their start.
 */
function packPosition(key: string, value: unknown): unknown {
  if (key !== 'position' || !value || typeof value !== 'object') return value;
  return packedPoint(value);
}

const packedPoint = (position: object): unknown => {
  const start = (position as { start?: { line: number; column: number; offset?: number } }).start;
  return start ? [start.line, start.column, start.offset ?? null] : position;
};

type PositionedNode = { position?: unknown; children?: unknown[]; attributes?: unknown[] };

/** packPosition done in place on the nodes unpackPositions reads (the tree's own: see store). */
function packPositions(node: PositionedNode): PositionedNode {
  if (node.position && typeof node.position === 'object' && !Array.isArray(node.position)) node.position = packedPoint(node.position);
  if (Array.isArray(node.children)) for (const c of node.children) packPositions(c as PositionedNode);
  if (Array.isArray(node.attributes)) for (const a of node.attributes) if (a && typeof a === 'object') packPositions(a as PositionedNode);
  return node;
}

function unpackPositions(node: { position?: unknown; children?: unknown[]; attributes?: unknown[] }): void {
  if (Array.isArray(node.position)) {
    const [line, column, offset] = node.position as [number, number, number | null];
    const point = offset === null ? { line, column } : { line, column, offset };
    node.position = { start: point, end: point };
  }
  if (Array.isArray(node.children)) for (const c of node.children) unpackPositions(c as typeof node);
  // MDX attributes are nodes of their own; a directive's attributes are a plain record.
  if (Array.isArray(node.attributes)) for (const a of node.attributes) if (a && typeof a === 'object') unpackPositions(a as typeof node);
}

/** The tree of a file (a copy's is its text's, with its own file), and whether it is a fresh copy (which a render may use up). */
function take(state: WorkerState, file: string): { parsed: ParsedMarkdown; fresh: boolean } | undefined {
  const stored = state.trees.get(state.texts.treeFile(file));
  if (!stored) return undefined;
  if ('json' in stored) {
    const tree = JSON.parse(stored.json);
    unpackPositions(tree);
    return { parsed: { ...stored.meta, file, tree }, fresh: true };
  }
  return { parsed: stored.file === file ? stored : { ...stored, file }, fresh: false };
}

/** What a file's parse holds besides its tree (a copy's: its text's, with its own file). */
function metaOf(state: WorkerState, file: string): Omit<ParsedMarkdown, 'tree'> | undefined {
  const stored = state.trees.get(state.texts.treeFile(file));
  if (!stored) return undefined;
  if ('json' in stored) return { ...stored.meta, file };
  return { ...withoutTree(stored), file };
}

export function handleParse(state: WorkerState, files: string[], cache?: ParseCache, options: MarkdownParseOptions = state.parseOptions, texts?: ReadonlyMap<string, string>): ParseResult[] {
  return files.map(fileParser(state, cache, options, texts));
}

/**
 * Parses one file at a time with these options (the tree stays in `state`): what handleParse maps the
 * files with. `texts`: the files' texts as the build read them (readTexts), else each is read here.
 */
export function fileParser(state: WorkerState, cache?: ParseCache, options: MarkdownParseOptions = state.parseOptions, texts?: ReadonlyMap<string, string>): (file: string) => ParseResult {
  state.parseOptions = options;
  const optionsKey = cacheKey(options);
  return (file) => {
    state.heap.step();
    try {
      const source = texts?.get(file) ?? readText(file);
      // A file whose text this thread parsed already takes that parse (sharedTexts.ts).
      const first = state.texts.lookup(file, textKey(file, source, optionsKey));
      let parsed = cache?.get(file, source, options);
      if (parsed && stillParsedAs(parsed, options)) {
        store(state, parsed);
        state.texts.parsed(file, parsed);
        return { meta: metaOf(state, file), problems: [], from: 'cache' };
      }
      if (first !== undefined) {
        state.texts.copied(file, first);
        if (cache) cache.set(file, source, take(state, file)!.parsed);
        return { meta: metaOf(state, file), problems: [], from: 'shared' };
      }
      parsed = parseMarkdown({ file, source, options });
      cache?.set(file, source, parsed);
      store(state, parsed, !cache);
      state.texts.parsed(file, parsed);
      return { meta: metaOf(state, file), problems: [] };
    } catch (e) {
      if (e instanceof SitegenError) return { problems: e.problems.length ? e.problems : [{ message: e.message, file }] };
      if (e instanceof RangeError) return { problems: nestingOverflow(file, e).problems };
      return { problems: [{ message: `Cannot read ${file}: ${(e as Error).message}`, file }] };
    }
  };
}

export function handleSpecs(state: WorkerState, specs: MarkdownContextSpec[]): void {
  for (const spec of specs) {
    state.contexts.set(spec.locale, contextFactory(spec));
    state.baseUrls.set(spec.locale, spec.siteBaseUrl);
    if (spec.mdx) state.mdxSpecs.set(spec.locale, { ...spec.mdx, siteDir: spec.siteDir });
    else state.mdxSpecs.delete(spec.locale);
    state.prismLanguages = spec.prismLanguages ?? [];
  }
}

/**
 * Loads what rendering these jobs needs beyond the default passes: the HTML parser, for a file in the
 * md format, one with code, or one not parsed yet (whose format is not known).
 */
export async function prepareMarkdown(state: WorkerState, jobs: MarkdownJob[]): Promise<void> {
  const meta = (file: string) => metaOf(state, file);
  // A file with code or partials: search reads the text its components and partials drew, from their HTML.
  if (jobs.some((j) => meta(j.file)?.format !== 'mdx' || meta(j.file)?.mdx || meta(j.file)?.partials)) await loadHtmlParser();
  if (state.prismLanguages.length) await loadLanguages(state.prismLanguages);
  const bundle = [...state.mdxSpecs.values()][0]?.bundle;
  if (bundle && state.mdx?.file !== bundle) state.mdx = await loadMdxBundle(bundle);
}

export function handleMarkdown(state: WorkerState, jobs: MarkdownJob[], keepTrees = false): MarkdownResult[] {
  return jobs.map(markdownRenderer(state, jobs, keepTrees));
}

/**
 * Parses the files of `jobs` this thread holds no tree of, in order: those whose parse an earlier
 * build made (the executor sends them to no thread, executor.ts cachedParses) and whose render cannot
 * be reused. Each text once, as in the parse stage (sharedTexts.ts): a version's copies take the
 * first's tree, and then its render where only their links differ. Done before the renders count
 * their trees' uses. Returns the files remark ran for (a file that fails is left to its render, which
 * reports it).
 */
function parseMissing(state: WorkerState, jobs: MarkdownJob[]): Set<string> {
  const parsedHere = new Set<string>();
  let optionsKey: string | undefined;
  for (const { file } of jobs) {
    if (state.trees.has(state.texts.treeFile(file))) continue;
    state.heap.step();
    try {
      const source = readText(file);
      optionsKey ??= cacheKey(state.parseOptions);
      const first = state.texts.lookup(file, textKey(file, source, optionsKey));
      if (first !== undefined && state.trees.has(first)) {
        state.texts.copied(file, first);
        continue;
      }
      const parsed = parseMarkdown({ file, source, options: state.parseOptions });
      store(state, parsed, true);
      state.texts.parsed(file, parsed);
      parsedHere.add(file);
    } catch {
      continue;
    }
  }
  return parsedHere;
}

/** Renders the jobs of one batch, each in turn (in `jobs`' order): what handleMarkdown maps them with. */
export function markdownRenderer(state: WorkerState, jobs: MarkdownJob[], keepTrees = false): (job: MarkdownJob) => MarkdownResult {
  // A tree may be used up by its last render of this batch (no copy), unless it is kept for later
  // builds. Files of one text share a tree: it is used up by the last render of any of them.
  const remaining = new Map<string, number>();
  const treeFile = (file: string) => state.texts.treeFile(file);
  const parsedHere = parseMissing(state, jobs);
  for (const j of jobs) remaining.set(treeFile(j.file), (remaining.get(treeFile(j.file)) ?? 0) + 1);
  /** Renders that depend on where their page sits by their relative links alone, by text, locale and job options (sharedTexts.ts). */
  const shared = new Map<string, { result: MarkdownResult; links: ResolvedLinks }>();
  /** One use of the job's tree less: the tree goes after its last. */
  const used = (file: string) => {
    const tree = treeFile(file);
    const left = (remaining.get(tree) ?? 1) - 1;
    remaining.set(tree, left);
    const lastUse = left === 0 && !keepTrees;
    if (lastUse) state.trees.delete(tree);
    return lastUse;
  };
  return (job) => {
    state.heap.step();
    const meta = metaOf(state, job.file);
    const shareKey = meta && state.texts.renderKey(job, meta);
    const hit = shareKey === undefined ? undefined : shared.get(shareKey);
    const factory = state.contexts.get(job.locale);
    if (!factory) throw new Error(`No markdown context for locale ${job.locale}`);
    if (hit && meta) {
      // This file's links, resolved from where it sits, in the shared render.
      const own = factory({ file: job.file, lineOffset: meta.lineOffset, problems: new ProblemCollector(), assets: new AssetRegistry('/') });
      const result = relinked({ ...hit, resolve: (target) => own.resolveMarkdownLink(target, job.file), trailingSlash: own.trailingSlash });
      if (result) {
        used(job.file);
        // The parse is counted once, with the render that made it.
        delete result.reparsed;
        return result;
      }
    }
    let taken = take(state, job.file);
    const reparsed = !taken || parsedHere.delete(job.file);
    if (!taken) {
      const parsed = parseMarkdown({ file: job.file, source: readText(job.file), options: state.parseOptions });
      store(state, parsed);
      state.texts.parsed(job.file, parsed);
      taken = take(state, job.file)!;
    }
    const { parsed, fresh } = taken;
    const problems = new ProblemCollector();
    const assets = new AssetRegistry(state.baseUrls.get(job.locale) ?? '/');
    const islands = new Set<string>();
    const slots = parsed.mdx ? slotsOf({ bundle: state.mdx, spec: state.mdxSpecs.get(job.locale), file: parsed.file, slots: parsed.mdx.slots, islands, page: job.page }) : undefined;
    const own = { ...factory({ file: parsed.file, lineOffset: parsed.lineOffset, problems, assets }), tocMinLevel: job.tocMinLevel, tocMaxLevel: job.tocMaxLevel, slots };
    // A render that may be shared is watched for reading its place (sharedTexts.ts).
    const place = shareKey === undefined ? undefined : watchPlace(own);
    const ctx = withPartials({
      ctx: own,
      parsed,
      contextFor: (file, lineOffset) => factory({ file, lineOffset, problems, assets }),
      assets,
      problems,
      parseOptions: state.parseOptions,
    });
    const tree = treeFile(job.file);
    const lastUse = remaining.get(tree) === 1 && !keepTrees;
    let rendered: RenderedMarkdown;
    try {
      rendered = renderMarkdown(parsed, ctx, { dropTitle: job.dropTitle, lastUse: fresh || lastUse });
    } catch (e) {
      // A stack overflow in a pass (a limit raised past what the passes can recurse): the file's error.
      if (!(e instanceof RangeError)) throw e;
      problems.errors.push(...nestingOverflow(parsed.file, e).problems);
      rendered = { html: '', toc: [], anchors: [], links: [], sections: [] };
    }
    used(job.file);
    const result: MarkdownResult = {
      rendered,
      errors: problems.errors,
      warnings: problems.warnings,
      assets: [...assets.files],
      inputs: [...assets.inputs],
      ...(islands.size ? { islands: [...islands] } : {}),
      ...(reparsed ? { reparsed: true as const } : {}),
    };
    const links = place?.links();
    // The first render of the text is shared, or the last one when that one could not be put in place here.
    if (shareKey !== undefined && links && (!shared.has(shareKey) || hit) && !problems.errors.length && !problems.warnings.length) shared.set(shareKey, { result, links });
    return result;
  };
}
