// The content store of the build cache on disk (persistentCache.ts), on storeSegments.ts: parses,
// markdown renders, search indexes, bundles and the stylesheet pruning's work. Its head holds what
// every warm build reads (the worker threads' parses, the styles entries, each entry's key); the
// bundles are one payload read at open, written again only when they changed (bundlesHead); the large
// values are payloads read when an entry is first asked for: a markdown render (the versioned
// benchmark site's are 37 MB), a search context's files and terms (18 MB: a build whose output keeps
// a context's files reads none of them, output/sink.ts `reuse`), a parse tree. A build
// that changed a few entries writes those alone. A render's payload keeps its HTML as UTF-8
// (markdownPayload.ts). Reading the store whole took 1.2 s of CPU of every
// warm build of that site (read 0.2 s, CRC 0.15 s, deserialize 0.9 s; 07:18 UTC, loaded machine).
// The renders a write makes keep their first payloads (what every warm build reads of each render:
// its links, table of contents, anchors, key) together, in one payload (a pack) that the first render
// asked for reads whole: the versioned site's 2,666 read one by one (a read, a check and a deserialize
// each) took 135-149 ms of CPU against 76-80 ms for them as one pack (11:36 UTC, load 9; 2.8 MB).
// A pack that cannot be read is a miss for each of its renders.
import v8 from 'node:v8';
import { KeyedCache } from './cacheKey.js';
import type { ParsedMarkdown, ParsedMeta } from './markdown/parse.js';
import type { StoredBundle } from './bundle/runEsbuild.js';
import type { MarkdownResult } from './parallel/protocol.js';
import type { StoredContext } from './passes/search/thread.js';
import type { LocaleSearchFiles, SearchFile } from './passes/search/buildIndex.js';
import type { StylesCacheEntry } from './css/siteStyles.js';
import type { PayloadRef, SegmentedStore, SegmentWriter } from './storeSegments.js';
import { fromStored, storedRender, type StoredRender } from './markdownPayload.js';
import type { StoredTextStamps } from './content/textStamps.js';

/** A search context's files without their contents (those are one payload, in the order index, code, shards, texts). */
interface FilesLayout {
  index: FileAt;
  code?: FileAt;
  shards: FileAt[];
  texts: FileAt[];
}
type FileAt = { path: string; key?: string };

export interface ContentHead {
  parsed?: [string, { hash: string; meta: ParsedMeta; tree: PayloadRef }][];
  /** Parses made on worker threads (cache.ts ThreadParseCache): what the plan needs, without the tree. */
  threadParsed?: [string, { key: string; value: ParsedMeta }][];
  /** A render's payloads: the render without its body HTML and search sections (`at`: in a pack), the HTML, the sections (markdownPayload.ts). */
  markdown?: [string, { key: string } & RenderRefs][];
  /** The esbuild bundles (by purpose), one payload: a build that made none writes the one it read back (`bundlesHead`). */
  bundles?: PayloadRef;
  searchIndex?: [string, { key: string; files: FilesLayout; contents: PayloadRef; terms: PayloadRef }][];
  styles?: [string, { key: string; value: StylesCacheEntry }][];
  /** The markdown files' content keys by their stamps (content/textStamps.ts). */
  texts?: StoredTextStamps;
}

/** Where a render's first payload is: the pack (one payload for the renders one write made: an array of them) and its place in it. */
export interface PackedRef {
  pack: PayloadRef;
  index: number;
}

/** Where a render's three payloads are. */
interface RenderRefs {
  at: PackedRef;
  html: PayloadRef;
  sections: PayloadRef;
}

/** A main-thread parse: what the plan needs, and its tree, as an object or stored (read when first used). */
export type ParseEntry = { hash: string; meta: ParsedMeta; tree?: ParsedMarkdown['tree']; stored?: PayloadRef };

/** The values read back, and where each came from: a write keeps the payloads of those as they were read. */
export class ContentPayloads {
  /** Values read back or written, and their payloads (a dev server writes again later). */
  private readonly origin = new WeakMap<object, PayloadRef[]>();
  /** The payloads of the entries not read yet, by cache and name. */
  private readonly pending = new Map<object, Map<string, PayloadRef[]>>();
  /** The same two for the markdown renders. */
  private readonly renderOrigin = new WeakMap<MarkdownResult, RenderRefs>();
  private readonly pendingRenders = new Map<KeyedCache<MarkdownResult>, Map<string, RenderRefs>>();

  /** The bundles read back or written, as they were then (a build may set a bundle's `derived` since: runEsbuild.ts), and their payload. */
  private storedBundles?: { ref: PayloadRef; bundles: [string, StoredBundle][]; derived: boolean[] };

  constructor(private readonly store: SegmentedStore<ContentHead>) {}

  /** The bundles by purpose, read now (a build that is not unchanged asks for each); none when they cannot be read. */
  bundles(head: ContentHead): [string, StoredBundle][] {
    const value = head.bundles && this.decode<[string, StoredBundle][]>(head.bundles);
    if (!head.bundles || !Array.isArray(value)) return [];
    this.storedBundles = { ref: head.bundles, bundles: value, derived: value.map(([, b]) => b.derived !== undefined) };
    return [...value];
  }

  /**
   * The bundles' payload as it is to be written: the one read back (or last written) when `bundles` are
   * those, unchanged, else a new one. The Shifu site's bundles are 1.8 MB of its 2.35 MB head, which
   * every build that changed anything (a one-doc edit) serialized, checked and wrote again.
   */
  bundlesHead(bundles: [string, StoredBundle][], w: SegmentWriter<ContentHead>): PayloadRef | undefined {
    if (!bundles.length) return undefined;
    const was = this.storedBundles;
    const same =
      was !== undefined &&
      was.bundles.length === bundles.length &&
      bundles.every(([purpose, b], i) => purpose === was.bundles[i][0] && b === was.bundles[i][1] && (b.derived !== undefined) === was.derived[i]);
    if (same) return w.keep(was.ref);
    const ref = w.add(v8.serialize(bundles));
    this.storedBundles = { ref, bundles: [...bundles], derived: bundles.map(([, b]) => b.derived !== undefined) };
    return ref;
  }

  /** A stored tree, or undefined when it cannot be read. */
  tree(ref: PayloadRef): ParsedMarkdown['tree'] | undefined {
    return this.decode(ref);
  }

  /**
   * The markdown renders, each read when first asked for. `deferParts`: a render's body HTML and search
   * sections are read when first used (markdown/context.ts deferParts), and throw StoredRenderLost
   * there when they cannot be read (the caller builds again without deferring: cli/build.ts);
   * otherwise a render any of whose payloads cannot be read is a miss.
   */
  markdown(head: ContentHead, options: { deferParts?: boolean } = {}): KeyedCache<MarkdownResult> {
    const cache = new KeyedCache<MarkdownResult>();
    const pending = new Map<string, RenderRefs>();
    this.pendingRenders.set(cache, pending);
    const stored = this.packs();
    for (const [name, entry] of head.markdown ?? []) {
      const refs: RenderRefs = { at: entry.at, html: entry.html, sections: entry.sections };
      pending.set(name, refs);
      cache.setLazy(name, entry.key, () => {
        const first = stored(refs.at);
        if (!first) return undefined;
        const { html, sections } = refs;
        let value: MarkdownResult | undefined;
        if (options.deferParts) {
          const lost = () => new StoredRenderLost(`A part of the stored render of ${name} cannot be read (the build cache changed or was damaged while in use).`);
          value = fromStored(first, { html: () => this.store.read(html), sections: () => this.store.read(sections) }, lost);
        } else {
          const htmlBytes = this.store.read(html);
          const sectionBytes = htmlBytes && this.store.read(sections);
          value = sectionBytes && fromStored(first, { html: htmlBytes!, sections: sectionBytes });
        }
        if (value) this.renderOrigin.set(value, refs);
        return value;
      });
    }
    return cache;
  }

  /** The first payload of a render, read from its pack (read, checked and deserialized whole when first asked); undefined when it cannot be read. */
  private packs(): (at: PackedRef) => StoredRender | undefined {
    const read = new Map<PayloadRef, (StoredRender | undefined)[] | null>();
    return (at) => {
      let pack = read.get(at.pack);
      if (pack === undefined) {
        const bytes = at.pack && this.store.read(at.pack);
        try {
          const value = bytes && (v8.deserialize(bytes) as unknown);
          pack = Array.isArray(value) ? value : null;
        } catch {
          pack = null;
        }
        read.set(at.pack, pack);
      }
      // Each render is taken once (fromStored makes it its own).
      const first = pack?.[at.index];
      if (pack) pack[at.index] = undefined;
      return first;
    };
  }

  /**
   * The search contexts, each read when first used: its files' contents are read, checked and decoded
   * when a file is written (StoredContext.readable checks them before), its terms when a context of
   * changed input is indexed again (unreadable: none known). A build whose output keeps a context's
   * files reads neither: the versioned benchmark site's contexts are 10.4 MB of files and 10.9 MB of
   * terms, which every warm build read and checked whole (about a third of the bytes it read back).
   */
  searchIndex(head: ContentHead): KeyedCache<StoredContext> {
    const cache = new KeyedCache<StoredContext>();
    const refs = this.refsOf(cache);
    for (const [name, entry] of head.searchIndex ?? []) {
      refs.set(name, [entry.contents, entry.terms]);
      cache.setLazy(name, entry.key, () => {
        // null: read, and unreadable.
        let contents: Buffer | null | undefined;
        const read = () => (contents === undefined ? (contents = this.store.read(entry.contents) ?? null) : contents);
        let decoded: string[] | undefined;
        const contentsOf = () => {
          if (decoded) return decoded;
          const bytes = read();
          if (!bytes) throw new Error(`Internal error in the build cache (src/builder/contentStore.ts): the stored files of search context ${name} were used unchecked and cannot be read`);
          return (decoded = v8.deserialize(bytes) as string[]);
        };
        let i = 0;
        const file = (at: FileAt): SearchFile => {
          const n = i++;
          return Object.defineProperty({ path: at.path, ...(at.key ? { key: at.key } : {}) }, 'contents', { get: () => contentsOf()[n], enumerable: true }) as SearchFile;
        };
        const { index, code, shards, texts } = entry.files;
        const files: LocaleSearchFiles = { index: file(index), ...(code ? { code: file(code) } : {}), shards: shards.map(file), texts: texts.map(file) };
        let terms: StoredContext['terms'] | undefined;
        const termsOf = () => {
          if (terms) return terms;
          const bytes = this.store.read(entry.terms);
          return (terms = bytes && (v8.deserialize(bytes) as StoredContext['terms']));
        };
        const context = Object.defineProperty({ files }, 'terms', { get: termsOf, enumerable: true }) as StoredContext;
        Object.defineProperty(context, 'readable', { value: () => read() !== null });
        return this.remember(context, [entry.contents, entry.terms]);
      });
    }
    return cache;
  }

  /** The head of `cache`'s entries as they are to be written: the payloads of those read back (or not read) kept, the others added. */
  markdownHead(cache: KeyedCache<MarkdownResult>, w: SegmentWriter<ContentHead>): NonNullable<ContentHead['markdown']> {
    const pending = this.pendingRenders.get(cache);
    const keep = (refs: RenderRefs) => {
      w.keep(refs.at.pack);
      w.keep(refs.html);
      w.keep(refs.sections);
      return refs;
    };
    // The renders made since: their first payloads in one pack, added after their HTML and sections.
    const pack: StoredRender[] = [];
    const made: { value: MarkdownResult; html: PayloadRef; sections: PayloadRef }[] = [];
    const rows = cache.keys().flatMap(([name, key]): [string, string, RenderRefs | number][] => {
      if (!cache.loaded(name) && pending?.has(name)) return [[name, key, keep(pending.get(name)!)]];
      const value = cache.peek(name);
      if (value === undefined) return [];
      const known = this.renderOrigin.get(value);
      if (known) return [[name, key, keep(known)]];
      const [first, html, sections] = storedRender(value);
      pack.push(first);
      made.push({ value, html: w.add(html), sections: w.add(sections) });
      return [[name, key, made.length - 1]];
    });
    const packRef = pack.length ? w.add(v8.serialize(pack)) : undefined;
    return rows.map(([name, key, refs]) => {
      if (typeof refs !== 'number') return [name, { key, ...refs }];
      const { value, html, sections } = made[refs];
      const own: RenderRefs = { at: { pack: packRef!, index: refs }, html, sections };
      this.renderOrigin.set(value, own);
      return [name, { key, ...own }];
    });
  }

  searchHead(cache: KeyedCache<StoredContext>, w: SegmentWriter<ContentHead>): NonNullable<ContentHead['searchIndex']> {
    return this.entries(cache, w, (value) => [v8.serialize(allFiles(value.files).map((f) => f.contents)), v8.serialize(value.terms)]).map(([name, key, [contents, terms]]) => {
      const at = (f: SearchFile): FileAt => ({ path: f.path, ...(f.key ? { key: f.key } : {}) });
      const { index, code, shards, texts } = cache.peek(name)!.files;
      return [name, { key, files: { index: at(index), ...(code ? { code: at(code) } : {}), shards: shards.map(at), texts: texts.map(at) }, contents, terms }];
    });
  }

  private entries<V extends object>(cache: KeyedCache<V>, w: SegmentWriter<ContentHead>, encode: (value: V) => Uint8Array[]): [string, string, PayloadRef[]][] {
    const pending = this.pending.get(cache);
    return cache.keys().flatMap(([name, key]): [string, string, PayloadRef[]][] => {
      if (!cache.loaded(name) && pending?.has(name)) return [[name, key, pending.get(name)!.map((ref) => w.keep(ref))]];
      const value = cache.peek(name);
      if (value === undefined) return [];
      const known = this.origin.get(value);
      if (known) return [[name, key, known.map((ref) => w.keep(ref))]];
      const refs = encode(value).map((bytes) => w.add(bytes));
      this.origin.set(value, refs);
      return [[name, key, refs]];
    });
  }

  private refsOf(cache: object): Map<string, PayloadRef[]> {
    const refs = new Map<string, PayloadRef[]>();
    this.pending.set(cache, refs);
    return refs;
  }

  private remember<V extends object>(value: V | undefined, refs: PayloadRef[]): V | undefined {
    if (value !== undefined) this.origin.set(value, refs);
    return value;
  }

  private decode<V>(ref: PayloadRef): V | undefined {
    const bytes = this.store.read(ref);
    if (!bytes) return undefined;
    try {
      return v8.deserialize(bytes) as V;
    } catch {
      return undefined;
    }
  }
}

/**
 * A part of a stored render read when first used could not be read then (its segment damaged or
 * removed since the build began): too late for a miss. `sitegen build` builds again without deferring.
 */
export class StoredRenderLost extends Error {
  override name = 'StoredRenderLost';
}

/** Whether `e`, or an error it was caused by, is a StoredRenderLost. */
export function isStoredRenderLost(e: unknown): boolean {
  for (let cause = e, depth = 0; cause instanceof Error && depth < 10; cause = cause.cause, depth++) if (cause instanceof StoredRenderLost) return true;
  return false;
}

/**
 * The styles step's entries as the head stores them: the page-data entries ('data:<key>', one per page
 * and sidebar) whose values are equal share one object, which v8 serializes once and reads back
 * shared. Most pages show the same classes: the versioned benchmark site's 2,715 entries hold 31
 * distinct values, and stored one by one they were half its head (2.7 of 5.4 MB), read back by every
 * warm build (deserialized: 74 against 2 ms, 02:58 UTC, loaded machine) and written again by every
 * build that changed something. The values are read only (css/pageClasses.ts).
 */
export function stylesForHead(entries: NonNullable<ContentHead['styles']>): NonNullable<ContentHead['styles']> {
  const byText = new Map<string, StylesCacheEntry>();
  // Values read back shared are compared once.
  const sharedOf = new Map<StylesCacheEntry, StylesCacheEntry>();
  return entries.map((entry) => {
    const [name, { key, value }] = entry;
    if (!name.startsWith('data:')) return entry;
    let shared = sharedOf.get(value);
    if (shared === undefined) {
      const text = JSON.stringify(value);
      shared = byText.get(text);
      if (shared === undefined) byText.set(text, (shared = value));
      sharedOf.set(value, shared);
    }
    return shared === value ? entry : [name, { key, value: shared }];
  });
}

const allFiles = (f: LocaleSearchFiles) => [f.index, ...(f.code ? [f.code] : []), ...f.shards, ...f.texts];
