import fs from 'node:fs';
import path from 'node:path';
import { cacheKey } from './cacheKey.js';
import { fileStamp } from './fileStamp.js';
import { loadConfig, type LoadedConfig } from './config/loadConfig.js';
import { docusaurusPlugins } from './config/pluginEntries.js';
import { OUTPUT_MARKER, sourceDirsOf } from './output/safeOutDir.js';
import { cacheFolder, storeFolder } from './cacheFolder.js';
import { buildRecordPath, removeOlderStores } from './persistentCache.js';
import { readStoreWithTail, writeStore } from './storeFile.js';
import type { OutputManifest } from './output/sink.js';
import type { Problem } from './errors.js';
import type { TextCounts } from './parallel/sharedTexts.js';

// "Nothing changed since the last build": `sitegen build` keeps a record of its last successful build
// of a site (what it read, how it was asked, what it left in the output folder, its summary) beside
// the build cache (persistentCache.ts buildRecordPath, keyed by the site and sitegen's code and
// library versions). A new build whose every input is as recorded, into an output folder exactly as
// that build left it, returns the recorded summary without planning or rendering: a warm build of the
// versioned bench site spent ~0.6 s of CPU confirming that 2,640 pages had not changed.
// - Inputs: the config as it evaluates now (its value, functions by their text: the config runs at
//   every build, so a value it takes from the environment or the date is seen), the environment, the
//   node version, the build's options, and a stamp (size, modification and change time, inode) of
//   every file and the names in every folder under the site's folder (node_modules, .git and the
//   output aside), of the content folders outside it, of the files the config was bundled from, of
//   the files the bundles read and of any file the config names (those outside the site's folders
//   without the change time: outsideStamp). The change time cannot be set back by a tool that
//   restores modification times (tar, rsync -a).
// - Outputs: every file and folder of the output folder with the size and time the build's output
//   manifest recorded as it wrote them: a file changed by hand since is seen, as the in-place update sees it.
// - A record is written only when no input changed from a second before the build started (a file
//   saved while the build read it, or within the file system's time granularity, is not recorded as
//   read), and not for a site with Docusaurus plugins (their code may read anything) or whose pages
//   show their last git update. Any doubt (no record, another key, a stamp differs): the normal path.

export interface BuildSummary {
  outDir: string;
  pages: number;
  locales: string[];
  warnings: Problem[];
  texts: TextCounts;
}

interface BuildRecord {
  key: string;
  /** [path, stamp] of every input, in walk order (see `inputStamps`). */
  inputs: [string, string][];
  /** The output folder as the build left it (see outputAsManifest). */
  output: OutputEntry[];
  summary: BuildSummary;
}

export interface BuildAsked {
  configFile: string;
  outDir?: string;
  locale?: string;
  forceOutDir?: boolean;
  threads?: number;
}

/** What the check learnt: the summary when nothing changed; else the loaded config (the build takes it) and the record's key. */
export interface UnchangedCheck {
  summary?: BuildSummary;
  loaded: LoadedConfig;
  key?: string;
  outDir: string;
}

/** Variables the launcher sets differently at each start (bin/sitegen.js): not inputs of the build. */
const LAUNCH_VARIABLES = new Set(['_', 'SITEGEN_LAUNCHER_PID', 'SITEGEN_RELAUNCHED', 'SITEGEN_LAUNCH_MARK']);

/** Loads the config and compares the build asked with the record of the last one. */
export async function checkUnchanged(asked: BuildAsked): Promise<UnchangedCheck> {
  const loaded = await loadConfig({ configFile: asked.configFile });
  const outDir = path.resolve(asked.outDir ?? path.resolve(loaded.siteDir, loaded.config.outDir));
  const key = recordKey(asked, loaded, outDir);
  const file = buildRecordPath(loaded.configFile);
  if (!key || !file) return { loaded, outDir };
  const record = readStoreWithTail<BuildRecord>(file)?.value;
  // The inputs first: an edit is found there at the cost of a few stats.
  if (!record || record.key !== key || !sameInputs(record.inputs) || !sameOutput(outDir, record.output)) return { loaded, outDir, key };
  return { loaded, outDir, key, summary: record.summary };
}

/**
 * Records a successful build (`started`: Date.now() before its config was loaded): its inputs as
 * stamped now, its output as its manifest has it. Nothing when an input changed since a second
 * before the start, the output folder is not as the manifest says, or a bundle's reads are unknown.
 */
export function recordBuild(params: { check: UnchangedCheck; started: number; summary: BuildSummary; manifest?: OutputManifest; bundleReads?: string[] }): void {
  const { check, started, manifest, bundleReads } = params;
  const file = buildRecordPath(check.loaded.configFile);
  if (!file || !check.key || !manifest || !bundleReads)
    return debug(`no record: ${!check.key ? 'a site whose inputs cannot all be known' : !manifest ? 'no output manifest' : "a bundle's reads unknown"}`);
  try {
    // The walk stops at the first input changed since a second before the start: an edit then a build
    // at once (a watch script, the warm benchmark) walked all of the versioned benchmark site's 2,000
    // inputs and stamped its 2,700 output folders to write no record.
    const stamped = inputStamps(check.loaded, check.outDir, bundleReads, started - 1000);
    const output = 'changed' in stamped ? undefined : outputAsManifest(check.outDir, manifest);
    if (!output || 'changed' in stamped) {
      fs.rmSync(file, { force: true });
      return debug(`no record: ${'changed' in stamped ? `${stamped.changed} changed during the build` : 'the output folder is not as its manifest says'}`);
    }
    const inputs = stamped.inputs;
    const record: BuildRecord = { key: check.key, inputs, output, summary: params.summary };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    writeStore(file, record);
    removeOlderStores(file);
  } catch (e) {
    // Without a record, the next build takes the normal path.
    debug(e);
  }
}

/** Why a build was not recorded, with SITEGEN_DEBUG_CACHE (as persistentCache.ts's errors). */
function debug(why: unknown): void {
  if (process.env.SITEGEN_DEBUG_CACHE) console.error(why);
}

/** The key of everything the build depends on besides files; undefined for a site whose inputs cannot all be known. */
function recordKey(asked: BuildAsked, loaded: LoadedConfig, outDir: string): string | undefined {
  if (docusaurusPlugins(loaded.config).length > 0) return undefined;
  const config = configText(loaded.config);
  if (config === undefined || /"showLastUpdate(Time|Author)":true/.test(config)) return undefined;
  const env = Object.entries(process.env)
    .filter(([k]) => !LAUNCH_VARIABLES.has(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const options = { configFile: loaded.configFile, outDir, locale: asked.locale, force: Boolean(asked.forceOutDir), threads: asked.threads };
  return cacheKey(JSON.stringify(options), process.version, JSON.stringify(env), config, JSON.stringify(loaded.warnings));
}

/** The config's value as text: functions by their source; undefined when it holds anything else than plain data (a class's instance). */
function configText(config: unknown): string | undefined {
  try {
    return JSON.stringify(config, (_key, v: unknown) => {
      if (typeof v === 'function') return `function:${String(v)}`;
      if (typeof v === 'bigint') return `bigint:${v}`;
      if (v instanceof RegExp) return `regexp:${String(v)}`;
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const proto = Object.getPrototypeOf(v);
        if (proto !== Object.prototype && proto !== null) throw new Error('not plain data');
      }
      return v;
    });
  } catch {
    return undefined;
  }
}

/** Whether the build's inputs are stamped as recorded; stops at the first that differs. */
function sameInputs(recorded: [string, string][]): boolean {
  // A folder's entry holds its names (see walk); a file's, its stamp.
  return recorded.every(([file, s]) => s === (s.startsWith('d:') ? folderStamp(entries(file)) : s.startsWith('o:') ? outsideStamp(file) : stamp(file)));
}

/**
 * Every input stamped: the folders walked (the site's, and its content folders outside it), then the
 * single files outside them (the config's sources, the bundles' reads, the files the config names).
 * The walk stops at the first input modified or changed after `since` (no record is written then).
 */
function inputStamps(loaded: LoadedConfig, outDir: string, bundleReads: string[], since: number): { inputs: [string, string][] } | { changed: string } {
  const skip = new Set([outDir, storeFolder(), cacheFolder()]);
  const roots = [loaded.siteDir, ...sourceDirsOf(loaded.config, loaded.siteDir).map((d) => d.dir)].filter((d, i, all) => all.indexOf(d) === i && !all.some((o, j) => j !== i && inside(d, o)));
  const out: [string, string][] = [];
  const add = (file: string, s: string) => {
    out.push([file, s]);
    if (recent(s, since)) throw new ChangedInput(file);
  };
  try {
    for (const root of roots) walk(root, skip, add);
    const walked = (f: string) => roots.some((r) => f === r || inside(f, r));
    // sitegen's generated modules are named by their content and touched when used (cacheFolder.ts): not stamped.
    const generated = (f: string) => inside(f, cacheFolder()) || inside(f, storeFolder());
    const singles = new Set([...loaded.inputs, ...bundleReads, ...namedFiles(loaded)].map((f) => path.resolve(f)).filter((f) => !walked(f) && !generated(f)));
    for (const f of [...singles].sort()) add(f, outsideStamp(f));
  } catch (e) {
    if (e instanceof ChangedInput) return { changed: e.file };
    throw e;
  }
  return { inputs: out };
}

/** Ends the walk of inputStamps at an input changed during the build. */
class ChangedInput {
  constructor(readonly file: string) {}
}

/** Whether `file` is inside folder `dir`. */
const inside = (file: string, dir: string) => file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

/**
 * A folder's entry (its names: see `entries`), then its files and folders in name order. A link to a
 * folder (a docs folder shared by link) is walked as a folder, once.
 */
function walk(dir: string, skip: Set<string>, add: (file: string, stamp: string) => void, seen = new Set<string>()): void {
  const list = entries(dir);
  add(dir, folderStamp(list));
  const real = list && fs.realpathSync(dir);
  if (!real || seen.has(real)) return;
  seen.add(real);
  for (const e of list) {
    const p = path.join(dir, e.name);
    if (skip.has(p)) continue;
    if (e.isDirectory() || (e.isSymbolicLink() && fs.statSync(p, { throwIfNoEntry: false })?.isDirectory())) walk(p, skip, add, seen);
    else add(p, stamp(p));
  }
}

/** A folder's entries by name (node_modules, .git and the config's temporary bundles aside: loadConfig.ts); undefined when it cannot be read. */
function entries(dir: string): fs.Dirent[] | undefined {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.name !== 'node_modules' && e.name !== '.git' && !e.name.startsWith('.sitegen-config-'))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return undefined;
  }
}

/** A folder's stamp: its names and their kinds ('d:-' when it cannot be read). */
function folderStamp(list: fs.Dirent[] | undefined): string {
  return list ? `d:${cacheKey(list.map((e) => `${e.isDirectory() ? 'd' : e.isSymbolicLink() ? 'l' : 'f'}${e.name}`).join('\n'))}` : 'd:-';
}

/** A file's stamp (fileStamp.ts; '-' when it is missing). */
const stamp = (file: string): string => fileStamp(file) ?? '-';

/**
 * The stamp of a file outside the site's folders (a package's module the bundles read): without its
 * change time, which a new hard link to it moves (node_modules copied as links into each checkout of
 * the shared machine moved it for every build's record, 06:28 UTC); 'o:' tells it from a full stamp.
 */
function outsideStamp(file: string): string {
  const s = fs.statSync(file, { throwIfNoEntry: false, bigint: true });
  return s ? `o:${s.size}:${s.mtimeNs}:${s.mtimeNs}:${s.ino}` : 'o:-';
}

/** Whether a file's stamp says it was modified or changed after `ms`. */
function recent(s: string, ms: number): boolean {
  if (s.startsWith('d:') || s === '-' || s === 'o:-') return false;
  const [, m, c] = s.replace(/^o:/, '').split(':');
  return Number(BigInt(m) / 1_000_000n) > ms || Number(BigInt(c) / 1_000_000n) > ms;
}

/** The files the config names (a stylesheet, a sidebars file), resolved against the site's folder. */
function namedFiles(loaded: LoadedConfig): string[] {
  const found: string[] = [];
  const visit = (v: unknown) => {
    if (typeof v === 'string') {
      if (v.length > 0 && v.length < 512 && !v.includes('\n') && !/^[a-z]+:/i.test(v)) {
        const f = path.resolve(loaded.siteDir, v);
        if (fs.statSync(f, { throwIfNoEntry: false })?.isFile()) found.push(f);
      }
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') Object.values(v).forEach(visit);
  };
  visit(loaded.config);
  return found;
}

/**
 * The output folder as its manifest has it: each file with the size and time it was written with, the
 * marker of a build's output as it is now, and each folder with its modification and change times
 * (which any file added, removed or renamed in it moves), or NaN when they are within a second of
 * now (the file system's clock may not have moved since: the check lists that folder's names);
 * undefined when the manifest holds no file. A file changed by hand during the build, as after it,
 * differs from this.
 */
function outputAsManifest(outDir: string, manifest: OutputManifest): OutputEntry[] | undefined {
  const marker = fs.statSync(path.join(outDir, OUTPUT_MARKER), { throwIfNoEntry: false });
  if (!marker || manifest.size === 0) return undefined;
  const out: OutputEntry[] = [[OUTPUT_MARKER, marker.size, marker.mtimeMs]];
  const folders = new Set<string>(['.']);
  for (const [rel, r] of manifest) {
    out.push([rel, r.size, r.mtimeMs]);
    for (let dir = path.posix.dirname(rel); dir !== '.' && !folders.has(dir); dir = path.posix.dirname(dir)) folders.add(dir);
  }
  const now = Date.now();
  for (const dir of folders) {
    const s = fs.statSync(path.join(outDir, dir));
    const settled = Math.max(s.mtimeMs, s.ctimeMs) < now - 1000;
    out.push([dir, -1, settled ? s.mtimeMs : NaN, settled ? s.ctimeMs : NaN]);
  }
  return out;
}

/** An output file (relative path, size, mtimeMs) or folder (relative path or '.', -1, mtimeMs, ctimeMs). */
type OutputEntry = [string, number, number, number?];

/**
 * Whether the output folder is as recorded: each file of the same size and time, each folder's times
 * the same (no name added or removed), or its names those recorded when its times were too recent.
 */
function sameOutput(outDir: string, recorded: OutputEntry[]): boolean {
  const known = new Set<string>();
  const listed: string[] = [];
  try {
    for (const [rel, size, mtimeMs, ctimeMs] of recorded) {
      known.add(rel);
      const s = fs.lstatSync(rel === '.' ? outDir : `${outDir}/${rel}`, { throwIfNoEntry: false });
      if (!s) return false;
      if (size !== -1) {
        if (!s.isFile() || s.size !== size || s.mtimeMs !== mtimeMs) return false;
      } else if (!s.isDirectory()) return false;
      else if (Number.isNaN(mtimeMs)) listed.push(rel);
      else if (s.mtimeMs !== mtimeMs || s.ctimeMs !== ctimeMs) return false;
    }
    for (const rel of listed) {
      for (const name of fs.readdirSync(rel === '.' ? outDir : `${outDir}/${rel}`)) if (!known.has(rel === '.' ? name : `${rel}/${name}`)) return false;
    }
    return true;
  } catch {
    return false;
  }
}
