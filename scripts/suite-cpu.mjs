#!/usr/bin/env node
// The CPU a command's whole process tree uses, by kind of process, over time: for measuring the test
// run's shape (`node scripts/suite-cpu.mjs --out /tmp/run.json -- ./.ci/run`). `time` and
// `/usr/bin/time` count only the children their command waited for: not Chromium's renderer and GPU
// processes (a page kept busy 4 s: `time` 3.0 s of CPU, this 6.5 s, 5.0 s of it Chromium's) nor the
// esbuild services a node leaves behind when it exits. This reads /proc every half second instead: each
// process of the tree (and any process of a session or process group seen in it, so orphans too) with
// its CPU (utime + stime) when last seen. A process that lives less than half a second is missed, the
// last half second of the others too. Linux only. Prints a summary; --out keeps the samples and the
// processes as JSON. Not part of the test run: it costs about 1 % of a core.
import fs from 'node:fs';
import { spawn } from 'node:child_process';

const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const command = dash >= 0 ? argv.slice(dash + 1) : [];
const options = dash >= 0 ? argv.slice(0, dash) : argv;
const outAt = options.indexOf('--out');
const out = outAt >= 0 ? options[outAt + 1] : undefined;
const stepAt = options.indexOf('--step');
const step = stepAt >= 0 ? Number(options[stepAt + 1]) : 30;
if (command.length === 0) {
  console.error('usage: node scripts/suite-cpu.mjs [--out samples.json] [--step seconds] -- <command> [args...]');
  process.exit(2);
}

const TICKS = 100; // USER_HZ: /proc's unit of CPU time on Linux
const KINDS = [
  ['chromium', /chromium|^\/proc\/self\/exe --type=/],
  ['esbuild', /esbuild --service/],
  ['tsc', /typescript\/bin\/tsc|\btsc --noEmit/],
  ['prettier', /prettier/],
  ['prebuild', /helpers\/prebuild\.ts/],
  ['vitest worker', /vitest\/suppress-warnings\.cjs|vitest\/dist\/workers/],
  ['vitest', /vitest\.mjs/],
  ['sitegen CLI', /bin\/sitegen\.js|cli-[0-9a-f]+\.cjs/],
  ['npm', /\bnpm\b|npm-cli\.js/],
  ['test/run.js', /test\/run\.js/],
  ['node (other)', /\bnode\b/],
];
/** The browser tests' Chromium (test/helpers/browser.ts's flags), not a build's that draws diagrams. */
const isTestsBrowser = (cmd) => cmd.includes('--host-resolver-rules');
const kindOf = (cmd) => KINDS.find(([, re]) => re.test(cmd))?.[0] ?? (cmd.split(' ')[0].split('/').pop() || '(unnamed)');

function stat(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: +f[1], pgrp: +f[2], sid: +f[3], cpu: (+f[11] + +f[12]) / TICKS, start: f[19] };
  } catch {
    return undefined; // gone meanwhile
  }
}
function cmdline(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

const child = spawn(command[0], command.slice(1), { stdio: 'inherit', detached: true });
const started = Date.now();
/** Every process seen in the tree, by pid and start time (a pid can be used again). */
const seen = new Map();
const groups = new Set();
const samples = [];

function sample() {
  const now = (Date.now() - started) / 1000;
  const all = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || +name === process.pid) continue;
    const s = stat(+name);
    if (s) all.set(s.pid, s);
  }
  const inTree = new Set();
  const member = (s) => {
    for (let p = s, depth = 0; p && depth < 64; p = all.get(p.ppid), depth++) if (p.pid === child.pid || inTree.has(p.pid)) return true;
    return groups.has(`s${s.sid}`) || groups.has(`g${s.pgrp}`) || seen.has(`${s.pid}:${s.start}`);
  };
  for (const s of all.values()) {
    if (!member(s)) continue;
    inTree.add(s.pid);
    groups.add(`s${s.sid}`).add(`g${s.pgrp}`);
    const key = `${s.pid}:${s.start}`;
    let p = seen.get(key);
    if (!p) {
      const cmd = cmdline(s.pid);
      p = { pid: s.pid, ppid: s.ppid, cmd: cmd.slice(0, 400), kind: kindOf(cmd), testsBrowser: isTestsBrowser(cmd), first: now };
      seen.set(key, p);
    }
    if (!p.cmd) {
      // Read while the process was between fork and exec (Chromium's browser process, started by the /bin/sh wrapper).
      const cmd = cmdline(s.pid);
      if (cmd) Object.assign(p, { cmd: cmd.slice(0, 400), kind: kindOf(cmd), testsBrowser: isTestsBrowser(cmd) });
    }
    p.cpu = s.cpu;
    p.last = now;
  }
  const byKind = {};
  let total = 0;
  for (const p of seen.values()) {
    byKind[p.kind] = (byKind[p.kind] ?? 0) + p.cpu;
    total += p.cpu;
  }
  samples.push({ t: now, total, live: inTree.size, byKind });
}

// Never in the command's session: a sampler reading its own /proc entry would count itself.
const timer = setInterval(sample, 500);
sample();
child.on('exit', (code, signal) => {
  setTimeout(() => {
    clearInterval(timer);
    sample();
    report();
    process.exit(code ?? (signal ? 1 : 0));
  }, 1000);
});

/** Chromium's CPU by the browser it belongs to (the browser tests' one, known by the
 *  `--host-resolver-rules` of test/helpers/browser.ts, or a build's that draws diagrams) and by
 *  process type (the browser process, renderers, the rest): where a run's Chromium time goes. */
function chromiumParts() {
  const byPid = new Map([...seen.values()].map((p) => [p.pid, p]));
  const rootOf = (p) => {
    for (let depth = 0; depth < 16; depth++) {
      const parent = byPid.get(p.ppid);
      if (!parent || parent.kind !== 'chromium') return p;
      p = parent;
    }
    return p;
  };
  const parts = new Map();
  const browsers = { tests: new Set(), diagrams: new Set() };
  for (const p of seen.values()) {
    if (p.kind !== 'chromium') continue;
    const root = rootOf(p);
    const owner = root.testsBrowser ? 'tests' : 'diagrams';
    browsers[owner].add(root.pid);
    const type = /--type=(\S+)/.exec(p.cmd)?.[1] ?? 'browser';
    const key = `chromium (${owner}): ${type === 'browser' || type === 'renderer' ? type : 'other'}`;
    parts.set(key, (parts.get(key) ?? 0) + p.cpu);
  }
  const lines = [...parts].sort((a, b) => b[1] - a[1]).map(([key, cpu]) => `${cpu.toFixed(1).padStart(9)} s        ${key}`);
  return lines.length ? [`  of which (${browsers.tests.size} browser for the tests, ${browsers.diagrams.size} for diagrams):`, ...lines] : [];
}

function report() {
  const end = samples[samples.length - 1];
  const kinds = {};
  for (const p of seen.values()) {
    kinds[p.kind] ??= { cpu: 0, processes: 0 };
    kinds[p.kind].cpu += p.cpu;
    kinds[p.kind].processes++;
  }
  const lines = [`\nsuite-cpu: ${end.t.toFixed(1)} s wall, ${end.total.toFixed(1)} s CPU (${(end.total / end.t).toFixed(2)} cores on average), ${seen.size} processes`];
  for (const [kind, v] of Object.entries(kinds).sort((a, b) => b[1].cpu - a[1].cpu)) lines.push(`${v.cpu.toFixed(1).padStart(9)} s ${String(v.processes).padStart(5)}  ${kind}`);
  lines.push(...chromiumParts());
  let prev = samples[0];
  for (const s of samples) {
    if (s.t - prev.t < step && s !== end) continue;
    const parts = Object.entries(s.byKind)
      .map(([k, v]) => [k, v - (prev.byKind[k] ?? 0)])
      .filter(([, v]) => v >= 0.5)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v.toFixed(0)}`);
    lines.push(`${prev.t.toFixed(0).padStart(5)}-${s.t.toFixed(0).padEnd(5)} ${((s.total - prev.total) / (s.t - prev.t)).toFixed(2)} cores  ${parts.join(', ')}`);
    prev = s;
  }
  console.error(lines.join('\n'));
  if (out) fs.writeFileSync(out, JSON.stringify({ command, samples, processes: [...seen.values()] }));
}
