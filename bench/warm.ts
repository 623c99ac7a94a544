import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

// Warm rebuilds as CI and authors meet them: each a new `sitegen build` process (the CLI, its node
// launcher included), the persistent build cache kept between them in a folder of the benchmark's own
// (SITEGEN_CACHE_DIR), the output folder of the build before replaced. After one cold build that
// fills the cache: `runs` builds with nothing changed, `runs` builds each after one more edit of one
// doc, then (the doc restored and built once, unmeasured) `runs` builds each after one more edit of
// one sidebar file (a category's label in a _category_.json, or a link added to a sidebars file).
// Wall time is the process's, start to exit; CPU time and peak RSS come from GNU time (the largest
// process, the launcher's child). The files edited are restored, also when the benchmark is stopped.

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
  try {
    build();
    const unchanged = Array.from({ length: p.runs }, () => build());
    const doc = Array.from({ length: p.runs }, (_, k) => (editDoc(k + 1), build()));
    restore();
    build();
    const sidebar = Array.from({ length: p.runs }, (_, k) => (editSidebar(k + 1), build()));
    return { unchanged: figures(unchanged), doc: figures(doc), sidebar: figures(sidebar) };
  } finally {
    restore();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
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
