import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import v8 from 'node:v8';
import { createBuildCache, type BuildCache } from './cache.js';
import { cacheKey, KeyedCache } from './cacheKey.js';
import type { ParsedMarkdown, ParsedMeta } from './markdown/parse.js';
import type { StoredBundle } from './bundle/runEsbuild.js';
import type { MarkdownResult, HtmlResult } from './parallel/protocol.js';
import type { SearchIndexResult } from './passes/search/index.js';
import { packageRoot } from './paths.js';
import { storeFolder, markUsed } from './cacheFolder.js';
import { DiagramStore } from './diagrams/store.js';

// The build cache (cache.ts) kept on disk between runs of `sitegen build`, `dev` and `check-links`,
// in node_modules/.cache/sitegen (where CI setups keep build caches): parses, markdown renders, page
// HTML and the esbuild bundles of files that did not change are read back instead of computed.
// - Keyed by content: every entry by content hashes of its inputs, as in memory; the store by the
//   site and a fingerprint of the code that makes the entries (sitegen's sources and version, the
//   installed versions of its dependencies, the site's lock file), so other code never reads it.
// - Safe: a store is written to a file of its own and renamed into place, and carries a checksum of
//   its bytes; a file cut short (kill -9), corrupted or unreadable is ignored (and removed), never an
//   error or a wrong build. Two builds at once each write whole files; the last rename wins.
// - Bounded: after a write the folder's stores are pruned to `maxBytes` (oldest used first).

export interface PersistentCache {
  cache: BuildCache;
  /** Writes what this run used and learnt (in the background of a dev server, or at exit). */
  save(): void;
}

type ParseEntry = { hash: string; parsed: ParsedMarkdown };

/** What a store file holds. */
interface Stored {
  parsed?: [string, ParseEntry][];
  /** Parses made on worker threads (cache.ts ThreadParseCache): what the plan needs, without the tree. */
  threadParsed?: [string, { key: string; value: ParsedMeta }][];
  markdown?: [string, { key: string; value: MarkdownResult }][];
  html?: [string, { key: string; value: Omit<HtmlResult, 'index'> }][];
  bundles?: [string, StoredBundle][];
  searchIndex?: [string, { key: string; value: SearchIndexResult }][];
}

const MAGIC = Buffer.from('sitegen-cache-1\n');
/** Bound of the folder's stores: 500 MB, or `SITEGEN_CACHE_MAX_MB`. */
export function maxCacheBytes(): number {
  const mb = Number(process.env.SITEGEN_CACHE_MAX_MB);
  return (Number.isFinite(mb) && mb > 0 ? mb : 500) * 1024 * 1024;
}

/**
 * `site` names the site (its config file): build, dev and check-links of one site share the store.
 * `persist: false` (`--no-cache`) neither reads nor writes it. `html`: page HTML is kept too. `search:
 * false`: search indexes on its thread (its files kept by input). `threadsFirst`: see createExecutor.
 */
export function openPersistentCache(params: { site: string; persist?: boolean; html?: boolean; search?: boolean; threadsFirst?: boolean; maxBytes?: number }): PersistentCache {
  const cache = createBuildCache();
  if (params.search === false) cache.search = undefined;
  if (params.threadsFirst) cache.threadsFirst = true;
  // --no-cache: diagrams are drawn again too, and kept in memory only.
  if (params.persist === false) cache.diagrams = new DiagramStore(false);
  const files = params.persist === false ? undefined : cacheFiles(params.site);
  const stored = files ? readStore(files.content) : undefined;
  const parsed = new Map<string, ParseEntry>(stored?.parsed ?? []);
  cache.markdown = new KeyedCache(stored?.markdown);
  cache.searchIndex = new KeyedCache(stored?.searchIndex);
  const searchAtOpen = searchKey(cache);
  if (files && params.html) cache.html = new KeyedCache(readStore(files.html)?.html);
  for (const [purpose, bundle] of stored?.bundles ?? []) cache.esbuild.set(purpose, { key: bundle.key, stored: bundle });
  const used = new Map<string, ParseEntry>();
  let dirty = false;
  cache.parse = {
    get(file, source) {
      const hit = used.get(file) ?? parsed.get(file);
      if (hit && hit.hash === cacheKey(source)) {
        used.set(file, hit);
        cache.stats.parseHits++;
        return hit.parsed;
      }
      cache.stats.parseMisses++;
      return undefined;
    },
    set(file, source, p) {
      used.set(file, { hash: cacheKey(source), parsed: p });
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
    save() {
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
          searchKey(cache) !== searchAtOpen
        ) {
          // A build whose threads parsed (threadsFirst) asked the main thread's parse cache nothing, and
          // one parsed on the main thread asked the threads' nothing: those parses stay as they were.
          const parses = mainAsked() ? used : parsed;
          const threadParses = threadAsked ? threadUsed : threadParsed;
          writeStore(files.content, { parsed: [...parses], threadParsed: threadParses.dump(), markdown: cache.markdown.dump(), bundles, searchIndex: cache.searchIndex.dump() });
          dirty = false;
        }
        if (params.html && cache.stats.htmlMisses) writeStore(files.html, { html: cache.html.dump() });
        removeOlder(files.content);
        removeOlder(files.html);
        pruneStores(params.maxBytes ?? maxCacheBytes());
      } catch (e) {
        if (process.env.SITEGEN_DEBUG_CACHE) console.error(e);
        // A cache that cannot be written costs time on the next run, nothing else.
      }
    },
  };
}

const searchKey = (cache: BuildCache) => cacheKey(cache.searchIndex.dump().map(([name, { key }]) => [name, key]));

const bundleKeys = (cache: BuildCache) =>
  [...cache.esbuild]
    .map(([purpose, slot]) => `${purpose}:${slot.stored ? cacheKey(slot.key, slot.stored.hashes, slot.stored.derived !== undefined) : ''}`)
    .sort()
    .join('\n');

/** Where `sitegen dev` keeps the output of its last build for the next start (snapshot.ts). */
export function snapshotPath(site: string): string | undefined {
  return cacheFiles(site)?.snapshot;
}

/** Old snapshots of the same site go when a new one is written. */
export function removeOlderSnapshots(file: string): void {
  try {
    removeOlder(file);
  } catch {
    // Only disk space is at stake.
  }
}

/** A store's content, or undefined when it is missing, cut short, corrupted or of another format (then it is removed). */
export function readStore(file: string): Stored | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const body = bytes.subarray(MAGIC.length + 32);
  const valid =
    bytes.length > MAGIC.length + 32 &&
    bytes.subarray(0, MAGIC.length).equals(MAGIC) &&
    crypto
      .createHash('sha256')
      .update(body)
      .digest()
      .equals(bytes.subarray(MAGIC.length, MAGIC.length + 32));
  try {
    if (!valid) throw new Error('not a whole store');
    const value = v8.deserialize(body) as Stored;
    markUsed(file);
    return value;
  } catch {
    fs.rmSync(file, { force: true });
    return undefined;
  }
}

/** Writes a store whole: to a file of this process's own, then renamed over the old one. */
export function writeStore(file: string, value: Stored): void {
  const body = v8.serialize(value);
  const tmp = `${file}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(tmp, Buffer.concat([MAGIC, crypto.createHash('sha256').update(body).digest(), body]));
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

const STORE = /^(content|html|snapshot)-[0-9a-f]+-[0-9a-f]+\.bin$/;
const TEMPORARY = /\.bin\.\d+-[0-9a-f]+\.tmp$/;

/** Caches of the same site written by other code are of no use any more, nor those of sites not seen for two weeks. */
function removeOlder(file: string): void {
  const dir = path.dirname(file);
  const [kind, site] = path.basename(file).split('-');
  const stale = Date.now() - 14 * 24 * 3600_000;
  for (const name of fs.readdirSync(dir)) {
    if (!STORE.test(name) || name === path.basename(file)) continue;
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
 * its dependencies.
 */
export function fingerprint(root: string): string {
  const known = codeKeys.get(root);
  if (known) return known;
  const h = crypto.createHash('sha1');
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(tsx?|css|json)$/.test(e.name)) h.update(`${path.relative(root, p)}\n`).update(fs.readFileSync(p));
    }
  };
  walk(path.join(root, 'src'));
  const pkg = fs.readFileSync(path.join(root, 'package.json'), 'utf8');
  h.update(pkg);
  for (const dep of Object.keys((JSON.parse(pkg) as { dependencies?: Record<string, string> }).dependencies ?? {}).sort()) h.update(`${dep}@${installedVersion(root, dep)}\n`);
  const key = h.digest('hex').slice(0, 12);
  codeKeys.set(root, key);
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

/** node_modules/.cache/sitegen/{content,html,snapshot}-<site>-<code>.bin, next to the bundled CLI. */
function cacheFiles(siteKey: string): { content: string; html: string; snapshot: string } | undefined {
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
  return { content: path.join(dir, `content-${site}-${code}.bin`), html: path.join(dir, `html-${site}-${code}.bin`), snapshot: path.join(dir, `snapshot-${site}-${code}.bin`) };
}
