import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import v8 from 'node:v8';
import { createBuildCache, type BuildCache } from '../../builder/cache.js';
import { cacheKey, KeyedCache } from '../../builder/cacheKey.js';
import type { ParsedMarkdown } from '../../builder/markdown/parse.js';
import { packageRoot } from '../../builder/paths.js';
import { cacheFolder, markUsed } from '../../builder/cacheFolder.js';

// The build cache (cache.ts) kept on disk between runs of `sitegen dev` and `sitegen check-links`:
// parses, markdown renders and (for dev) page HTML of files that did not change are read back
// instead of computed. Every entry is keyed by content hashes, as in memory; on top of that the
// files are named by a fingerprint of sitegen's own sources and locked packages, so a cache written
// by other code is never read.

export interface PersistentCache {
  cache: BuildCache;
  /** Writes what this run used and learnt (in the background of a dev server, or at exit). */
  save(): void;
}

type ParseEntry = { hash: string; parsed: ParsedMarkdown };

/** `site` names the site (its config file): dev and check-links of one site share the cache. */
export function openPersistentCache(params: { site: string; persist?: boolean; html?: boolean }): PersistentCache {
  const cache = createBuildCache();
  const files = params.persist === false ? undefined : cacheFiles(params.site);
  const stored = files ? readStore(files.content) : undefined;
  const parsed = new Map<string, ParseEntry>((stored?.parsed as [string, ParseEntry][] | undefined) ?? []);
  cache.markdown = new KeyedCache(stored?.markdown as [string, { key: string; value: never }][] | undefined);
  if (files && params.html) cache.html = new KeyedCache(readStore(files.html)?.html as [string, { key: string; value: never }][] | undefined);
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
  const markdownAtOpen = cache.markdown.size;
  return {
    cache,
    save() {
      if (!files) return;
      try {
        fs.mkdirSync(path.dirname(files.content), { recursive: true });
        if (dirty || cache.stats.markdownMisses || cache.markdown.size !== markdownAtOpen || used.size !== parsed.size) {
          writeStore(files.content, { parsed: [...used], markdown: cache.markdown.dump() });
          dirty = false;
        }
        if (params.html && cache.stats.htmlMisses) writeStore(files.html, { html: cache.html.dump() });
        removeOlder(files.content);
        removeOlder(files.html);
      } catch {
        // A cache that cannot be written costs time on the next run, nothing else.
      }
    },
  };
}

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

function readStore(file: string): Record<string, unknown> | undefined {
  try {
    if (!fs.existsSync(file)) return undefined;
    markUsed(file);
    return v8.deserialize(fs.readFileSync(file)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function writeStore(file: string, value: unknown): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, v8.serialize(value));
  fs.renameSync(tmp, file);
}

/** Caches of the same site written by other code are of no use any more, nor those of sites not seen for two weeks. */
function removeOlder(file: string): void {
  const dir = path.dirname(file);
  const [kind, site] = path.basename(file).split('-');
  const stale = Date.now() - 14 * 24 * 3600_000;
  for (const name of fs.readdirSync(dir)) {
    if (!/^(content|html|snapshot)-.*\.bin$/.test(name) || name === path.basename(file)) continue;
    const p = path.join(dir, name);
    if (name.startsWith(`${kind}-${site}-`) || fs.statSync(p).mtimeMs < stale) fs.rmSync(p, { force: true });
  }
}

let codeKey: string | undefined;

/** A fingerprint of the code that produces cached values: every source file of sitegen, and the lock file. */
function fingerprint(root: string): string {
  if (codeKey) return codeKey;
  const h = crypto.createHash('sha1');
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(tsx?|css|json)$/.test(e.name)) h.update(`${p}:${fs.statSync(p).size}:${fs.statSync(p).mtimeMs}\n`);
    }
  };
  walk(path.join(root, 'src'));
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(lock)) h.update(fs.readFileSync(lock));
  codeKey = h.digest('hex').slice(0, 12);
  return codeKey;
}

/** node_modules/.cache/sitegen/{content,html,snapshot}-<site>-<code>.bin, next to the bundled CLI. */
function cacheFiles(siteKey: string): { content: string; html: string; snapshot: string } | undefined {
  let root: string;
  try {
    root = packageRoot();
  } catch {
    return undefined;
  }
  const site = crypto.createHash('sha1').update(path.resolve(siteKey)).digest('hex').slice(0, 12);
  const code = fingerprint(root);
  const dir = cacheFolder();
  return { content: path.join(dir, `content-${site}-${code}.bin`), html: path.join(dir, `html-${site}-${code}.bin`), snapshot: path.join(dir, `snapshot-${site}-${code}.bin`) };
}
