import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import v8 from 'node:v8';
import { createBuildCache, type BuildCache } from './cache.js';
import { cacheKey, KeyedCache } from './cacheKey.js';
import { parseMarkdown, withoutTree, type ParsedMarkdown, type ParsedMeta } from './markdown/parse.js';
import type { StoredBundle } from './bundle/runEsbuild.js';
import type { OutputRecord } from './output/sink.js';
import { packageRoot } from './paths.js';
import { storeFolder, markUsed } from './cacheFolder.js';
import { DiagramStore } from './diagrams/store.js';
import { readStoreWithTail as readStoreFile, writeStore as writeStoreFile } from './storeFile.js';
import { openHtmlStore } from './htmlStore.js';
import { SegmentedStore } from './storeSegments.js';
import { sourceFiles } from './sourceFiles.js';
import { ContentPayloads, stylesForHead, type ContentHead, type ParseEntry } from './contentStore.js';
import { TextStamps } from './content/textStamps.js';

// The build cache (cache.ts) kept on disk between runs of `sitegen build`, `dev` and `check-links`,
// in node_modules/.cache/sitegen (where CI setups keep build caches): parses, markdown renders, page
// HTML and the esbuild bundles of files that did not change are read back instead of computed.
// - Keyed by content: every entry by content hashes of its inputs, as in memory; the store by the
//   site and a fingerprint of the code that makes the entries (sitegen's sources and version, the
//   installed versions of its dependencies, the site's lock file), so other code never reads it.
// - Safe: each store is a head and segments (storeSegments.ts): every file is written to a file of
//   its own and renamed into place; the head carries a CRC-32, and each payload (a markdown render, a
//   search context's files, a parse tree, a page's markup: contentStore.ts, htmlStore.ts) one of its
//   own, checked when the payload is first used. A head cut short (kill -9), corrupted or unreadable is
//   ignored (and removed), never an error or a wrong build; a payload so is a miss, made again. Two
//   builds at once each write their own segment and head; the last rename wins.
// - Written by what changed: a build writes the payloads it made into a new segment and a head that
//   points into the old ones for the rest (compacted when half of them is garbage).
// - Bounded: after a write the folder's stores are pruned to `maxBytes` (oldest used first): the
//   build's `--cache-max-size` or the config's `cacheMaxSize`, in MB (500 by default).
// - What the last build wrote into each output folder (output/sink.ts's manifest: each file's key, size
//   and time) is kept too, in a small store of its own: a new process's build then updates the
//   previous output in place and writes only the files whose key changed, as a second build of one
//   process does. A file changed by hand since (another size or time) is written again.
// - Page HTML is a store of its own (htmlStore.ts) whose markup is read only for pages written again.

export interface PersistentCache {
  cache: BuildCache;
  /** Writes what this run used and learnt (in the background of a dev server, or at exit), then prunes the folder to `maxBytes` (default: the bound it was opened with). */
  save(maxBytes?: number): void;
}

/** The output store (small, written whole): the output manifests, by output folder. */
interface Stored {
  output?: [string, [string, OutputRecord][]][];
}

/** Bound of the folder's stores when neither `--cache-max-size` nor the config's `cacheMaxSize` sets one, in MB. */
export const DEFAULT_CACHE_MAX_MB = 500;

/** A bound in MB (`cacheMaxSize`, `--cache-max-size`) in bytes; undefined for the default. */
export const cacheBound = (mb: number | undefined): number | undefined => (mb === undefined ? undefined : mb * 1024 * 1024);

/**
 * `site` names the site (its config file): build, dev and check-links of one site share the store.
 * `persist: false` (`--no-cache`) neither reads nor writes it. `html`: page HTML is kept too. `search:
 * false`: search indexes on its thread (its files kept by input). `threadsFirst`: see createExecutor.
 * `deferParts`: see ContentPayloads.markdown. `maxBytes`: the folder's bound (DEFAULT_CACHE_MAX_MB).
 */
export function openPersistentCache(params: {
  site: string;
  persist?: boolean;
  html?: boolean;
  search?: boolean;
  threadsFirst?: boolean;
  maxBytes?: number;
  /** The markdown renders' body HTML and search sections are read when first used (contentStore.ts): for a caller that builds again on StoredRenderLost. */
  deferParts?: boolean;
}): PersistentCache {
  const cache = createBuildCache();
  if (params.search === false) cache.search = undefined;
  if (params.threadsFirst) cache.threadsFirst = true;
  // --no-cache: diagrams are drawn again too, and kept in memory only.
  if (params.persist === false) cache.diagrams = new DiagramStore(false);
  const files = params.persist === false ? undefined : cacheFiles(params.site);
  // The content store: its head read now, each payload when first used (contentStore.ts).
  const content = files ? SegmentedStore.open<ContentHead>(files.content) : undefined;
  const payloads = content && new ContentPayloads(content);
  const stored = content?.value;
  const parsed = new Map<string, ParseEntry>((stored?.parsed ?? []).map(([file, e]) => [file, { hash: e.hash, meta: e.meta, stored: e.tree }]));
  if (payloads && stored) {
    cache.markdown = payloads.markdown(stored, { deferParts: params.deferParts });
    cache.searchIndex = payloads.searchIndex(stored);
  }
  cache.styles = new KeyedCache(stored?.styles);
  if (files) cache.texts = new TextStamps(stored?.texts);
  const treeOf = (entry: ParseEntry) => storedTree(entry, payloads);
  const searchAtOpen = searchKey(cache);
  const stylesAtOpen = stylesKey(cache);
  // Page HTML: the entries without their markup, read when a page needs it (htmlStore.ts).
  const html = files && params.html ? openHtmlStore(files.html) : undefined;
  if (html) {
    cache.html = html.entries;
    cache.htmlMarkup = html.markup;
  }
  if (payloads && stored) for (const [purpose, bundle] of payloads.bundles(stored)) cache.esbuild.set(purpose, { key: bundle.key, stored: bundle });
  for (const [dir, records] of (files && readStore(files.output)?.output) || []) cache.output.set(dir, new Map(records));
  const outputAtOpen = new Map(cache.output);
  const used = new Map<string, ParseEntry>();
  let dirty = false;
  cache.parse = {
    get(file, source, options) {
      const hit = used.get(file) ?? parsed.get(file);
      // Without the options to parse it again with, a stored tree is checked now.
      if (hit && hit.hash === cacheKey(source) && (options || treeOf(hit) !== undefined)) {
        used.set(file, hit);
        cache.stats.parseHits++;
        return lazyParse(hit, treeOf, () => {
          dirty = true;
          return parseMarkdown({ file, source, options }).tree;
        });
      }
      cache.stats.parseMisses++;
      return undefined;
    },
    set(file, source, p) {
      used.set(file, { hash: cacheKey(source), meta: withoutTree(p), tree: p.tree });
      dirty = true;
    },
  };
  // The worker threads' parses (a large site's `sitegen build`): kept as the main thread's are, the
  // entries this build used, and those it made.
  const threadParsed = new KeyedCache<ParsedMeta>(stored?.threadParsed);
  const threadUsed = new KeyedCache<ParsedMeta>();
  let threadAsked = false;
  cache.threadParses = {
    get(file, key) {
      threadAsked = true;
      const hit = threadUsed.get(file, key) ?? threadParsed.get(file, key);
      if (hit) {
        threadUsed.set(file, key, hit);
        cache.stats.parseHits++;
      } else cache.stats.parseMisses++;
      return hit;
    },
    set(file, key, meta) {
      threadUsed.set(file, key, meta);
      dirty = true;
    },
  };
  const mainAsked = () => cache.stats.parseHits + cache.stats.parseMisses > 0 && !threadAsked;
  const markdownAtOpen = cache.markdown.size;
  const bundlesAtOpen = bundleKeys(cache);
  return {
    cache,
    save(maxBytes = params.maxBytes) {
      if (!files) return;
      try {
        fs.mkdirSync(path.dirname(files.content), { recursive: true });
        const bundles = [...cache.esbuild].flatMap(([purpose, slot]) => (slot.stored ? [[purpose, slot.stored] as [string, StoredBundle]] : []));
        if (
          dirty ||
          cache.stats.markdownMisses ||
          cache.markdown.size !== markdownAtOpen ||
          (mainAsked() && used.size !== parsed.size) ||
          (threadAsked && threadUsed.size !== threadParsed.size) ||
          bundleKeys(cache) !== bundlesAtOpen ||
          searchKey(cache) !== searchAtOpen ||
          stylesKey(cache) !== stylesAtOpen ||
          cache.texts?.learnt
        ) {
          // A build whose threads parsed (threadsFirst) asked the main thread's parse cache nothing, and
          // one parsed on the main thread asked the threads' nothing: those parses stay as they were.
          const parses = mainAsked() ? used : parsed;
          const threadParses = threadAsked ? threadUsed : threadParsed;
          // The payloads of what was read back (or not read) stay where they are; those made now go into a new segment.
          const w = content!.writer();
          const head: ContentHead = {
            parsed: [...parses].map(([file, e]) => [file, { hash: e.hash, meta: e.meta, tree: e.stored ? w.keep(e.stored) : (e.stored = w.add(v8.serialize(e.tree))) }]),
            threadParsed: threadParses.dump(),
            markdown: payloads!.markdownHead(cache.markdown, w),
            bundles: payloads!.bundlesHead(bundles, w),
            searchIndex: payloads!.searchHead(cache.searchIndex, w),
            styles: stylesForHead(cache.styles.dump()),
            texts: cache.texts?.dump(),
          };
          w.commit(head);
          dirty = false;
          if (cache.texts) cache.texts.learnt = false;
        }
        // The stores read stay open (a dev server saves again later): entries not read back yet are kept from them.
        if (html && cache.stats.htmlMisses) html.write(cache.html);
        if (!sameOutput(outputAtOpen, cache.output)) writeStore(files.output, { output: storedOutput(cache) });
        removeOlder(files.content);
        removeOlder(files.html);
        removeOlder(files.output);
        pruneStores(maxBytes ?? DEFAULT_CACHE_MAX_MB * 1024 * 1024);
      } catch (e) {
        if (process.env.SITEGEN_DEBUG_CACHE) console.error(e);
        // A cache that cannot be written costs time on the next run, nothing else.
      }
    },
  };
}

const searchKey = (cache: BuildCache) => cacheKey(cache.searchIndex.keys());
const stylesKey = (cache: BuildCache) => cacheKey(cache.styles.keys());

/** The manifests of the output folders that are still there. */
const storedOutput = (cache: BuildCache): NonNullable<Stored['output']> => [...cache.output].filter(([dir]) => fs.existsSync(dir)).map(([dir, records]) => [dir, [...records]]);

/**
 * Whether the output manifests are as they were read (a build that kept every file keeps its records,
 * the same objects): hashing them whole at open and at save took 0.2 s of a warm build on a loaded machine.
 */
function sameOutput(before: BuildCache['output'], now: BuildCache['output']): boolean {
  if (before.size !== now.size) return false;
  for (const [dir, records] of now) {
    const old = before.get(dir);
    if (!old || old.size !== records.size) return false;
    for (const [file, r] of records) {
      const o = old.get(file);
      if (o !== r && (!o || o.key !== r.key || o.size !== r.size || o.mtimeMs !== r.mtimeMs)) return false;
    }
  }
  return true;
}

const bundleKeys = (cache: BuildCache) =>
  [...cache.esbuild]
    .map(([purpose, slot]) => `${purpose}:${slot.stored ? cacheKey(slot.key, slot.stored.hashes, slot.stored.derived !== undefined) : ''}`)
    .sort()
    .join('\n');

/** Where `sitegen dev` keeps the output of its last build for the next start (snapshot.ts). */
export function snapshotPath(site: string): string | undefined {
  return cacheFiles(site)?.snapshot;
}

/** Where `sitegen build` keeps what its last build read and wrote (unchangedBuild.ts). */
export function buildRecordPath(site: string): string | undefined {
  return cacheFiles(site)?.record;
}

/** Old snapshots or build records (unchangedBuild.ts) of the same site go when a new one is written. */
export function removeOlderStores(file: string): void {
  try {
    removeOlder(file);
  } catch {
    // Only disk space is at stake.
  }
}

/** A parse read back: its tree is read from the store (and checked) when first used; `reparse` makes it when the stored one is corrupted. */
function lazyParse(entry: ParseEntry, treeOf: (entry: ParseEntry) => ParsedMarkdown['tree'] | undefined, reparse: () => ParsedMarkdown['tree']): ParsedMarkdown {
  const parsed = { ...entry.meta } as ParsedMarkdown;
  const settle = (tree: ParsedMarkdown['tree']) => Object.defineProperty(parsed, 'tree', { value: tree, enumerable: true, writable: true, configurable: true });
  Object.defineProperty(parsed, 'tree', {
    enumerable: true,
    configurable: true,
    get() {
      let tree = treeOf(entry);
      if (!tree) {
        tree = reparse();
        entry.tree = tree;
        entry.stored = undefined;
      }
      settle(tree);
      return tree;
    },
    set: settle,
  });
  return parsed;
}

/** An entry's tree, read from the store if need be; undefined when it cannot be read. */
function storedTree(entry: ParseEntry, payloads: ContentPayloads | undefined): ParsedMarkdown['tree'] | undefined {
  if (entry.tree) return entry.tree;
  return (entry.tree = entry.stored && payloads?.tree(entry.stored));
}

/** A store's head, or one of its segments (content-<site>-<code>.<segment>.bin: storeSegments.ts). */
const STORE = /^(content|html|snapshot|output|record)-[0-9a-f]+-[0-9a-f]+(\.[0-9a-f]{16})?\.bin$/;
const TEMPORARY = /\.bin\.\d+-[0-9a-f]+\.tmp$/;

/** Caches of the same site written by other code are of no use any more, nor those of sites not seen for two weeks. */
function removeOlder(file: string): void {
  const dir = path.dirname(file);
  const [kind, site] = path.basename(file).split('-');
  const own = path.basename(file).replace(/\.bin$/, '.');
  const stale = Date.now() - 14 * 24 * 3600_000;
  for (const name of fs.readdirSync(dir)) {
    // The store's own segments are its writes' to remove (storeSegments.ts).
    if (!STORE.test(name) || name === path.basename(file) || name.startsWith(own)) continue;
    const p = path.join(dir, name);
    if (name.startsWith(`${kind}-${site}-`) || fs.statSync(p).mtimeMs < stale) fs.rmSync(p, { force: true });
  }
}

/**
 * Keeps the folder's stores (and the bundled modules and workers beside them) within `maxBytes`:
 * the least recently used go first. A temporary file an hour old was left by a killed process.
 */
export function pruneStores(maxBytes: number, now = Date.now(), dir = storeFolder()): void {
  const entries: { file: string; size: number; used: number }[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, e.name);
      if (e.isDirectory()) walk(file);
      else if (e.isFile() && !e.name.startsWith('cli-')) {
        try {
          const s = fs.statSync(file);
          if (TEMPORARY.test(e.name) && now - s.mtimeMs > 3600_000) fs.rmSync(file, { force: true });
          else entries.push({ file, size: s.size, used: s.mtimeMs });
        } catch {
          // Removed by another process meanwhile.
        }
      }
    }
  };
  try {
    walk(dir);
  } catch {
    return;
  }
  let total = entries.reduce((n, e) => n + e.size, 0);
  for (const e of entries.sort((a, b) => a.used - b.used)) {
    if (total <= maxBytes) break;
    fs.rmSync(e.file, { force: true });
    total -= e.size;
  }
}

const codeKeys = new Map<string, string>();

/**
 * A fingerprint of the code that produces cached values, by content (a fresh CI checkout has new
 * modification times): sitegen's sources and package.json, and the installed version of each of
 * its dependencies. Once per process.
 */
export function fingerprint(root: string): string {
  const known = codeKeys.get(root) ?? codeFingerprint(root);
  codeKeys.set(root, known);
  return known;
}

/**
 * The fingerprint, read back from the package's cache folder when its sources have the sizes and
 * modification times they had when it was made (as bin/cli-bundle.js knows its bundle is fresh):
 * reading and hashing the 3 MB of sources took 40-50 ms of every build's start.
 */
export function codeFingerprint(root: string): string {
  const sources = sourceFiles(root);
  const pkg = fs.readFileSync(path.join(root, 'package.json'), 'utf8');
  const deps = Object.keys((JSON.parse(pkg) as { dependencies?: Record<string, string> }).dependencies ?? {})
    .sort()
    .map((dep) => `${dep}@${installedVersion(root, dep)}\n`);
  const statKey = cacheKey(
    sources.map((s) => `${s.rel}:${s.size}:${s.mtimeMs}`),
    pkg,
    deps,
  ).replace(/[^A-Za-z0-9]/g, '');
  const memo = path.join(root, 'node_modules/.cache/sitegen', `code-${statKey}.txt`);
  try {
    const known = fs.readFileSync(memo, 'utf8');
    if (/^[0-9a-f]{12}$/.test(known)) {
      markUsed(memo);
      return known;
    }
  } catch {
    // Not made yet for these sources.
  }
  const h = crypto.createHash('sha1');
  for (const s of sources) h.update(`${s.rel}\n`).update(fs.readFileSync(path.join(root, s.rel)));
  h.update(pkg);
  for (const d of deps) h.update(d);
  const key = h.digest('hex').slice(0, 12);
  try {
    fs.mkdirSync(path.dirname(memo), { recursive: true });
    const tmp = `${memo}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, key);
    fs.renameSync(tmp, memo);
  } catch {
    // A read-only install computes it at every start.
  }
  return key;
}

/** The version of a package as installed where `root` resolves it, or 'missing'. */
function installedVersion(root: string, name: string): string {
  for (let dir = root; ; dir = path.dirname(dir)) {
    try {
      return (JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      if (path.dirname(dir) === dir) return 'missing';
    }
  }
}

/** node_modules/.cache/sitegen/{content,html,snapshot,output,record}-<site>-<code>.bin, next to the bundled CLI. */
function cacheFiles(siteKey: string): { content: string; html: string; snapshot: string; output: string; record: string } | undefined {
  let root: string;
  try {
    root = packageRoot();
  } catch {
    return undefined;
  }
  const siteFile = siteKey.replace(/#.*$/, '');
  // The site's own packages (its plugins, its remark plugins) make entries too: its lock file is part of its key.
  const lock = path.join(path.dirname(path.resolve(siteFile)), 'package-lock.json');
  const lockHash = fs.existsSync(lock) ? crypto.createHash('sha1').update(fs.readFileSync(lock)).digest('hex') : '';
  const site = crypto.createHash('sha1').update(path.resolve(siteKey)).update(lockHash).digest('hex').slice(0, 12);
  const code = fingerprint(root);
  const dir = storeFolder();
  const file = (kind: string) => path.join(dir, `${kind}-${site}-${code}.bin`);
  return { content: file('content'), html: file('html'), snapshot: file('snapshot'), output: file('output'), record: file('record') };
}

/** A store's content, or undefined when it is missing, cut short, corrupted or of another format (then it is removed). */
export function readStore(file: string): Stored | undefined {
  return readStoreFile<Stored>(file)?.value;
}

/** Writes a store whole: to a file of this process's own, then renamed over the old one. */
export function writeStore(file: string, value: Stored, tail: Uint8Array[] = []): void {
  writeStoreFile(file, value, tail);
}
