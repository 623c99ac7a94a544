// Budgets of the author workflow (issue 7), measured on the real CLI in fresh processes:
//   dev ready      `sitegen dev` started → first docs page served (cold: no cache on disk; warm: cache of an earlier run), < 1 s
//   edit → browser one markdown file saved → the new text in the DOM of the open page in Chromium, p50 < 100 ms
//   check-links    `sitegen check-links` start → exit, < 1 s
//   serve          `sitegen serve`, one docs page, 100 concurrent keep-alive connections on loopback, >= 5,000 req/s, 0 errors
// Usage: npx tsx bench/workflow.ts [--config site.config.ts] [--page /docs/introduction/] [--file content/docs/introduction.md] [--runs 5] [--edits 20]
//   [--only edits] (the two edit rows alone, e.g. on the versioned synthetic site: an old version's doc, page and file)
// The edited file is restored byte for byte at the end (also on Ctrl-C). Prints a table; exit 1 when a budget is broken.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { launchBrowser } from '../test/helpers/browser.js';
import { repoRoot } from '../test/helpers/paths.js';
import { loadGenerator } from './load.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const config = path.resolve(args.get('config') ?? path.join(repoRoot, 'site.config.ts'));
const page = args.get('page') ?? '/docs/introduction/';
const editFile = path.resolve(args.get('file') ?? path.join(repoRoot, 'content/docs/introduction.md'));
const runs = Number(args.get('runs') ?? 5);
const edits = Number(args.get('edits') ?? 20);
const bin = path.join(repoRoot, 'bin/sitegen.js');
const editsOnly = args.get('only') === 'edits';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

function start(argv: string[]): { child: ChildProcess; line: (re: RegExp) => Promise<RegExpExecArray>; exited: Promise<number> } {
  const child = spawn(process.execPath, [bin, ...argv], { cwd: path.dirname(config), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const waiters: { re: RegExp; resolve: (m: RegExpExecArray) => void }[] = [];
  const onData = (c: Buffer) => {
    out += c.toString();
    for (const w of [...waiters]) {
      const m = w.re.exec(out);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number>((r) => child.once('exit', (code) => r(code ?? 1)));
  return {
    child,
    exited,
    line: (re) =>
      new Promise((resolve, reject) => {
        const m = re.exec(out);
        if (m) return resolve(m);
        waiters.push({ re, resolve });
        void exited.then(() => reject(new Error(`sitegen ${argv[0]} exited before printing ${re}:\n${out}`)));
      }),
  };
}

function get(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  });
}

/** `sitegen dev` from spawn to the first 200 of a docs page. */
async function devReady(cache: boolean): Promise<{ ms: number; stop: () => Promise<void>; url: string; built: () => Promise<unknown> }> {
  const t0 = performance.now();
  const dev = start(['dev', '--config', config, '--port', '0', ...(cache ? [] : ['--no-cache'])]);
  const url = (await dev.line(/: (http:\/\/127\.0\.0\.1:\d+)\//))[1];
  while ((await get(url + page)) !== 200) await new Promise((r) => setTimeout(r, 5));
  const ms = performance.now() - t0;
  return {
    ms,
    url,
    built: () => dev.line(/✔ built \d+ pages/),
    stop: async () => {
      dev.child.kill('SIGTERM');
      await dev.exited;
    },
  };
}

async function checkLinks(cache: boolean): Promise<{ wall: number; inside: number }> {
  const t0 = performance.now();
  const run = start(['check-links', '--config', config, ...(cache ? [] : ['--no-cache'])]);
  const m = await run.line(/\((\d+\.\d+) s\)/);
  const code = await run.exited;
  if (code !== 0) throw new Error('check-links found broken links: the budget is measured on a clean site');
  return { wall: performance.now() - t0, inside: Number(m[1]) * 1000 };
}

/**
 * Saves the file `edits` times, each time measuring until the new text is in the page's DOM: a
 * sentence added in the middle of the page (the body changes: swapped in place), or a heading (the
 * table of contents changes too: the page reloads).
 */
async function editToBrowser(url: string, kind: 'sentence' | 'heading'): Promise<number[]> {
  const original = fs.readFileSync(editFile);
  const restore = () => fs.writeFileSync(editFile, original);
  process.once('SIGINT', () => {
    restore();
    process.exit(130);
  });
  const browser = await launchBrowser();
  const times: number[] = [];
  try {
    const tab = await browser.newPage();
    let seen: (marker: string, at: number) => void = () => undefined;
    await tab.exposeFunction('__benchSeen', (marker: string, at: number) => seen(marker, at));
    // Reports the wall-clock time at which a marker sentence enters the DOM (as the parser inserts it).
    // A string, not a function: tsx would wrap a function's inner helpers in code the page lacks.
    await tab.addInitScript(`new MutationObserver(function () {
      var m = /sitegen-bench-\\d+/.exec(document.body ? document.body.textContent : '');
      if (m) window.__benchSeen(m[0], Date.now());
    }).observe(document, { childList: true, subtree: true, characterData: true });`);
    await tab.goto(url + page);
    await tab.waitForSelector('#__sitegen[data-hydrated]');
    const text = original.toString('utf8');
    // Before the middle "## " heading of the page: where an author edits, away from the description.
    const headings = [...text.matchAll(/\n## /g)].map((m) => m.index!);
    const cut = headings[Math.floor(headings.length / 2)] ?? text.length;
    for (let i = 0; i < edits; i++) {
      const marker = `sitegen-bench-${Date.now()}${i}`;
      const done = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`edit ${i}: the page did not show the change within 30 s`)), 30_000);
        seen = (m, at) => {
          if (m === marker) {
            clearTimeout(timer);
            resolve(at);
          }
        };
      });
      const t0 = Date.now();
      const added = kind === 'sentence' ? `A sentence saved by the benchmark: ${marker}.` : `## Heading ${marker}`;
      fs.writeFileSync(editFile, `${text.slice(0, cut)}\n\n${added}\n${text.slice(cut)}`);
      times.push((await done) - t0);
      // An author saves every few seconds: the full build that follows a save (a second later) is done
      // before the next one.
      await new Promise((r) => setTimeout(r, 3000));
    }
  } finally {
    restore();
    await browser.close();
  }
  return times;
}

async function serveThroughput(): Promise<{ rps: number; errors: number; requests: number }> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-bench-serve-'));
  try {
    const b = start(['build', '--config', config, '--out-dir', out]);
    if ((await b.exited) !== 0) throw new Error('the build failed');
    const serve = start(['serve', '--dir', out, '--config', config, '--port', '0']);
    const url = new URL((await serve.line(/at (http:\/\/127\.0\.0\.1:\d+\/)/))[1]);
    try {
      return await loadGenerator({ port: Number(url.port), path: page, connections: 100, warmupMs: 1000, durationMs: 5000 });
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exited;
    }
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`sitegen workflow budgets: ${path.relative(process.cwd(), config) || config}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`);
  const rows: Row[] = [];

  // What every command pays before it does anything: node, and importing the bundled CLI.
  const startup: number[] = [];
  for (let i = 0; i < (editsOnly ? 0 : runs); i++) {
    const t0 = performance.now();
    await start(['--help']).exited;
    startup.push(performance.now() - t0);
  }
  if (!editsOnly) await startAndReadyRows(rows, startup);
  await editRows(rows);
  if (!editsOnly) await serveRow(rows);

  const w = [Math.max(...rows.map((r) => r[0].length)), Math.max(...rows.map((r) => r[1].length)), Math.max(...rows.map((r) => r[2].length))];
  console.log(`\n| ${'what'.padEnd(w[0])} | ${'measured'.padEnd(w[1])} | ${'budget'.padEnd(w[2])} | ok |`);
  console.log(`| ${'-'.repeat(w[0])} | ${'-'.repeat(w[1])} | ${'-'.repeat(w[2])} | -- |`);
  for (const [what, measured, budget, ok] of rows) console.log(`| ${what.padEnd(w[0])} | ${measured.padEnd(w[1])} | ${budget.padEnd(w[2])} | ${ok ? 'ok' : 'NO'} |`);
  if (rows.some((r) => !r[3])) process.exitCode = 1;
}

type Row = [string, string, string, boolean];

async function startAndReadyRows(rows: Row[], startup: number[]) {
  rows.push(['`sitegen --help` (CLI startup alone)', `${median(startup).toFixed(0)} ms (runs: ${startup.map((m) => m.toFixed(0)).join(', ')})`, '(part of each row below)', true]);

  const linksCold = await checkLinks(false);
  const linksWarm: { wall: number; inside: number }[] = [];
  for (let i = 0; i < runs; i++) linksWarm.push(await checkLinks(true));
  const linksMs = median(linksWarm.map((r) => r.wall));
  rows.push([
    'check-links (warm cache, wall)',
    `${linksMs.toFixed(0)} ms (runs: ${linksWarm.map((r) => r.wall.toFixed(0)).join(', ')}; inside the process ${median(linksWarm.map((r) => r.inside)).toFixed(0)} ms; cold ${linksCold.wall.toFixed(0)} ms)`,
    '< 1000 ms',
    linksMs < 1000,
  ]);

  const cold = await devReady(false);
  await cold.stop();
  // "Warm" is the next start after a session that built the site (it leaves its caches and output).
  const priming = await devReady(true);
  await priming.built();
  await priming.stop();
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    const d = await devReady(true);
    warm.push(d.ms);
    await d.stop();
  }
  const readyMs = median(warm);
  rows.push([
    'dev ready → first page (warm cache)',
    `${readyMs.toFixed(0)} ms (runs: ${warm.map((m) => m.toFixed(0)).join(', ')}; cold, no cache: ${cold.ms.toFixed(0)} ms)`,
    '< 1000 ms',
    readyMs < 1000,
  ]);
}

async function editRows(rows: Row[]) {
  const dev = await devReady(true);
  // Edits are measured against a settled server: its first build of this run is done.
  await dev.built();
  let times: number[];
  let headings: number[];
  try {
    times = await editToBrowser(dev.url, 'sentence');
    headings = await editToBrowser(dev.url, 'heading');
  } finally {
    await dev.stop();
  }
  const p50 = median(times);
  rows.push([
    'edit markdown text → browser updated',
    `p50 ${p50.toFixed(0)} ms, p90 ${pct(times, 90).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${times.length} edits)`,
    'p50 < 100 ms',
    p50 < 100,
  ]);
  const h50 = median(headings);
  rows.push([
    'add a heading → page reloaded',
    `p50 ${h50.toFixed(0)} ms, p90 ${pct(headings, 90).toFixed(0)} ms, max ${Math.max(...headings).toFixed(0)} ms (${headings.length} edits)`,
    'p50 < 100 ms',
    h50 < 100,
  ]);
}

async function serveRow(rows: Row[]) {
  const serve = await serveThroughput();
  rows.push([
    'serve, docs page, 100 connections',
    `${serve.rps.toFixed(0)} req/s, ${serve.errors} errors (${serve.requests} requests)`,
    '>= 5000 req/s, 0 errors',
    serve.rps >= 5000 && serve.errors === 0,
  ]);
}

await main();
