#!/usr/bin/env node
// The test command (npm test): makes sure Debian's Chromium is there for the browser tests, then runs
// the formatter's check beside the whole suite (unit, integration and browser tests) with vitest. CI never skips the browser tests.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from '../bin/cli-bundle.js';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium is missing at ${chromium}: install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH, then run npm test again.`);
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests...');
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }) : update;
  if (install.status !== 0 || !fs.existsSync(chromium)) {
    console.error('Could not install chromium with apt-get; the browser tests cannot run.');
    process.exit(1);
  }
}

// The sites the browser tests share are built meanwhile, in a node of their own (test/helpers/prebuild.ts):
// the test files find them built (or wait for the one being built) instead of building them in a worker.
// Only for a run that has browser tests; a build that fails here is built again, and its error reported,
// by the test that asks for it. With the node options a build runs with (bin/cli-bundle.js), as the test
// workers (vitest.config.ts).
const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const prebuild =
  filters.length === 0 || filters.some((f) => f.includes('e2e'))
    ? spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', fileURLToPath(new URL('helpers/prebuild.ts', import.meta.url))], {
        stdio: 'ignore',
        env: { ...process.env, NODE_ENV: 'test', CHROMIUM_PATH: chromium },
      })
    : undefined;
const stopPrebuild = () => {
  if (prebuild && prebuild.exitCode === null && prebuild.signalCode === null) prebuild.kill();
};

// The tools run by node directly: npx took 0.4 s of CPU to find each of them.
const bin = (file) => fileURLToPath(new URL(`../node_modules/${file}`, import.meta.url));

// The formatter's check (a file that is not formatted fails the run; npm run format fixes it) runs beside
// the tests, at a lower priority (nice 10): its 25 s of CPU fill the time the tests leave a core waiting
// (a browser test waiting for a page, a build's single-threaded stages) instead of delaying the tests'
// start by 25 s. Its output is printed after the tests'.
// TypeScript files are parsed by Prettier's babel-ts parser (.prettierrc.json), not its default
// typescript one: the same output for every file of the repository, and the check's CPU 23.3 s -> 17.3 s
// on a quiet machine (26.0-31.1 s -> 19.3-22.0 s in four alternating pairs under load; 2026-12-07
// 03:30-04:00 UTC, a copy of 006555c).
const format = spawn(process.execPath, [bin('prettier/bin/prettier.cjs'), '--check', '.'], { stdio: ['ignore', 'pipe', 'pipe'] });
try {
  os.setPriority(format.pid, 10);
} catch {
  // A system that refuses it runs the check at the tests' priority.
}
let formatOutput = '';
format.stdout.on('data', (chunk) => (formatOutput += chunk));
format.stderr.on('data', (chunk) => (formatOutput += chunk));
const formatDone = new Promise((resolve) => format.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

const report = `node_modules/.cache/sitegen-test-report-${process.pid}.json`;
// Each file's time with its hooks (test/helpers/fileTimes.ts), which the JSON report leaves out.
const fileTimes = `node_modules/.cache/sitegen-test-file-times-${process.pid}.json`;
const args = [bin('vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, '--reporter=./test/helpers/fileTimes.ts', ...process.argv.slice(2)];
const result = await new Promise((resolve) => {
  const vitest = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium, SITEGEN_TEST_FILE_TIMES: fileTimes } });
  vitest.on('close', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0) }));
});
stopPrebuild();
// The tests are done: the check, if still running, is what the run waits for now, so it gets the tests'
// priority back (a user who may not raise a priority keeps it low).
if (format.exitCode === null && format.signalCode === null) {
  try {
    os.setPriority(format.pid, 0);
  } catch {
    // EACCES: not root.
  }
}
const formatStatus = await formatDone;
process.stdout.write(`\n${formatOutput}`);
if (formatStatus !== 0) console.error('Some files are not formatted: run `npm run format`, then npm test again.');
// One plain closing line that any CI can read.
try {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  // Kept as the last run's report, with its files' times: scripts/test-durations.ts makes the sequencer's order from them.
  fs.renameSync(report, 'node_modules/.cache/sitegen-test-report.json');
  if (fs.existsSync(fileTimes)) fs.renameSync(fileTimes, 'node_modules/.cache/sitegen-test-file-times.json');
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped${formatStatus === 0 ? '' : '; formatting: failed'}`);
} catch {
  console.log(`\ntests: the test runner wrote no report${formatStatus === 0 ? '' : '; formatting: failed'}`);
}
process.exit(result.status !== 0 ? result.status || 1 : formatStatus === 0 ? 0 : 1);
