import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { compareFolders } from './compareFolders.js';

// Warm rebuilds as CI and authors meet them: each a new `sitegen build` process (the CLI, its node
// launcher included), the persistent build cache kept between them in a folder of the benchmark's own
// (SITEGEN_CACHE_DIR), the output folder of the build before replaced. After one cold build that
// fills the cache: `runs` builds with nothing changed, `runs` builds each after one more edit of one
// doc, then (the doc restored and built once, unmeasured) `runs` builds each after one more edit of
// one sidebar file (a category's label in a _category_.json, or a link added to a sidebars file).
// Wall time is the process's, start to exit; CPU time and peak RSS come from GNU time (the largest
// process, the launcher's child). The files edited are restored, also when the benchmark is stopped.
// Each state's warm output is checked against a cold build of the same sources (--no-cache, not
// measured), every file compared: the last build of each kind (nothing changed, the last doc edit, the
// last sidebar edit: the earlier edits of a kind are states of their own, each a cold build more), and
// a build of the state read back from the cache into a folder of its own (every page from the cache,
// where the measured folder keeps the files that did not change). A difference fails the benchmark.

export interface WarmFigures {
  wallMs: number;
  wallRangeMs: [number, number];
  cpuMs: number;
  maxRssMb: number;
  pages: number;
  /** Of the median run: the build's stages (ms) and what its cache found. */
  stages: Record<string, number>;
  cache?: unknown;
}

export interface WarmParams {
  root: string;
  work: string;
  name: string;
  runs: number;
  nice: string[];
  configFile: string;
  /** A markdown file and a sidebar file (sidebars JSON or _category_.json) to edit. */
  doc: string;
  sidebar: string;
}

interface Run {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
  pages: number;
  stages: Record<string, number>;
  cache?: unknown;
}

export function warmRows(p: WarmParams): { unchanged: WarmFigures; doc: WarmFigures; sidebar: WarmFigures } {
  const cacheDir = path.join(p.work, `warm-cache-${p.name}`);
  const outDir = path.join(p.work, `warm-out-${p.name}`);
  const timeFile = path.join(p.work, `warm-time-${p.name}`);
  fs.mkdirSync(cacheDir, { recursive: true });
  const build = (): Run => {
    const t0 = performance.now();
    const run = spawnSync(
      p.nice[0],
      [...p.nice.slice(1), '/usr/bin/time', '-f', '%U %S %M', '-o', timeFile, process.execPath, path.join(p.root, 'bin/sitegen.js'), 'build', '-c', p.configFile, '-o', outDir, '--json'],
      { cwd: p.root, encoding: 'utf8', env: { ...process.env, SITEGEN_CACHE_DIR: cacheDir }, maxBuffer: 1 << 26 },
    );
    const wallMs = performance.now() - t0;
    if (run.status !== 0) throw new Error(`warm build of ${p.name} failed:\n${run.stdout}\n${run.stderr}`);
    const result = JSON.parse(run.stdout.slice(run.stdout.indexOf('{')));
    const [user, system, maxKb] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
    return {
      wallMs,
      cpuMs: (user + system) * 1000,
      maxRssMb: maxKb / 1024,
      pages: result.pages,
      stages: Object.fromEntries((result.timings as { stage: string; ms: number }[]).map((t) => [t.stage, Math.round(t.ms)])),
      cache: result.cache,
    };
  };
  const originals = new Map([p.doc, p.sidebar].map((f) => [f, fs.readFileSync(f, 'utf8')]));
  const restore = () => {
    for (const [f, text] of originals) fs.writeFileSync(f, text);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    restore();
    process.kill(process.pid, signal);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const editDoc = (k: number) => fs.writeFileSync(p.doc, originals.get(p.doc)!.replace(/\n\n/, `\n\nA sentence the benchmark added, edit ${k}.\n\n`));
  const editSidebar = (k: number) => {
    const json = JSON.parse(originals.get(p.sidebar)!);
    if (typeof json.label === 'string') json.label += ` (edit ${k})`;
    else {
      const first = Object.keys(json)[0];
      json[first] = [...json[first], { type: 'link', label: `Edit ${k}`, href: `https://example.com/edit-${k}` }];
    }
    fs.writeFileSync(p.sidebar, JSON.stringify(json, null, 2) + '\n');
  };
  const sameAsCold = (state: string) => sameColdWarm({ root: p.root, work: p.work, name: `${p.name}, ${state}`, configFile: p.configFile, cacheDir, warmOut: outDir });
  try {
    build();
    const unchanged = Array.from({ length: p.runs }, () => build());
    sameAsCold('nothing changed');
    const doc = Array.from({ length: p.runs }, (_, k) => (editDoc(k + 1), build()));
    sameAsCold('one doc edited');
    restore();
    build();
    const sidebar = Array.from({ length: p.runs }, (_, k) => (editSidebar(k + 1), build()));
    sameAsCold('one sidebar edited');
    return { unchanged: figures(unchanged), doc: figures(doc), sidebar: figures(sidebar) };
  } finally {
    restore();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/**
 * Cold vs warm, every file compared: a cold build (--no-cache) of the sources as they are, and a build
 * read back from `cacheDir` into a folder of its own (filling the cache first when it is empty); with
 * `warmOut`, that folder too. Throws naming the files that differ. Returns the files compared.
 */
export function sameColdWarm(p: { root: string; work: string; name: string; configFile: string; cacheDir: string; warmOut?: string }): number {
  const slug = p.name.replace(/[^a-z0-9]+/gi, '-');
  const run = (out: string, ...extra: string[]) => {
    fs.rmSync(out, { recursive: true, force: true });
    const r = spawnSync(process.execPath, [path.join(p.root, 'bin/sitegen.js'), 'build', '-c', p.configFile, '-o', out, '--json', ...extra], {
      cwd: p.root,
      encoding: 'utf8',
      env: { ...process.env, SITEGEN_CACHE_DIR: p.cacheDir },
      maxBuffer: 1 << 26,
    });
    if (r.status !== 0) throw new Error(`build of ${p.name} (${extra.join(' ') || 'warm'}) failed:\n${r.stdout}\n${r.stderr}`);
  };
  const cold = path.join(p.work, `cold-${slug}`);
  const readBack = path.join(p.work, `read-back-${slug}`);
  run(cold, '--no-cache');
  if (!fs.existsSync(p.cacheDir) || !fs.readdirSync(p.cacheDir).length) run(path.join(p.work, `fill-${slug}`));
  run(readBack);
  let files = 0;
  for (const warm of [readBack, ...(p.warmOut ? [p.warmOut] : [])]) {
    const { count, differ } = compareFolders(cold, warm);
    if (differ.length) throw new Error(`${p.name}: the warm output ${warm} differs from the cold one ${cold} in ${differ.length} of ${count} files:\n  ${differ.slice(0, 20).join('\n  ')}`);
    files += count;
  }
  return files;
}

function figures(runs: Run[]): WarmFigures {
  const mid = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];
  const byWall = [...runs].sort((a, b) => a.wallMs - b.wallMs)[Math.floor((runs.length - 1) / 2)];
  const walls = runs.map((r) => r.wallMs);
  return {
    wallMs: mid(walls),
    wallRangeMs: [Math.min(...walls), Math.max(...walls)],
    cpuMs: mid(runs.map((r) => r.cpuMs)),
    maxRssMb: mid(runs.map((r) => r.maxRssMb)),
    pages: byWall.pages,
    stages: byWall.stages,
    cache: byWall.cache,
  };
}
