// Writes test/helpers/durations.json, the order a fresh clone's test run starts its files in
// (test/helpers/sequencer.ts: the longest first, so that the two workers end together): the files that
// took the longest, longest first, with their seconds. From the file times of a full run
// (test/helpers/fileTimes.ts: each file's hooks and tests), which `npm test` keeps at
// node_modules/.cache/sitegen-test-file-times.json (test/run.js), or from vitest's JSON report (kept at
// node_modules/.cache/sitegen-test-report.json; it leaves out a file's hooks, so a file that builds its
// site in beforeAll looks short). A report of some files only (`SITEGEN_TEST_FILE_TIMES=<file> npx vitest
// run <files> --reporter=./test/helpers/fileTimes.ts`) gives those files their new seconds; the others
// keep theirs (an entry with no seconds is dropped). Measure at a quiet hour: on a loaded machine the
// browser files slow down more than the builds do.
// Run: npx tsx scripts/test-durations.ts [report.json ...] [--keep <count>]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const durationsFile = path.join(root, 'test/helpers/durations.json');

/** vitest's JSON report, or the file times of test/helpers/fileTimes.ts. */
interface Report {
  startTime: number;
  testResults?: { name: string; startTime: number; endTime: number }[];
  files?: { file: string; seconds: number }[];
}
interface Entry {
  file: string;
  seconds?: number;
}

const args = process.argv.slice(2);
const keepAt = args.indexOf('--keep');
const keep = keepAt >= 0 ? Number(args.splice(keepAt, 2)[1]) : 30;
/** A file of the report as a path in the repository: the report may come from another checkout (a CI clone). */
function repoPath(file: string): string {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (!rel.startsWith('../')) return rel;
  return /(?:^|\/)(test\/(?:unit|integration|e2e)\/.*)$/.exec(file.split(path.sep).join('/'))?.[1] ?? rel;
}
const fileTimes = path.join(root, 'node_modules/.cache/sitegen-test-file-times.json');
const reports = args.length ? args : [fs.existsSync(fileTimes) ? fileTimes : path.join(root, 'node_modules/.cache/sitegen-test-report.json')];

const previous = fs.existsSync(durationsFile) ? (JSON.parse(fs.readFileSync(durationsFile, 'utf8')) as { longest: Entry[] }).longest : [];
const seconds = new Map(previous.filter((e) => e.seconds !== undefined).map((e) => [e.file, e.seconds!]));
const measured: string[] = [];
for (const file of reports) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
  measured.push(new Date(report.startTime).toISOString().slice(0, 16).replace('T', ' '));
  for (const entry of report.files ?? []) seconds.set(repoPath(path.resolve(root, entry.file)), entry.seconds);
  for (const result of report.testResults ?? []) {
    seconds.set(repoPath(result.name), Math.round((result.endTime - result.startTime) / 100) / 10);
  }
}
const longest: Entry[] = [...seconds]
  .sort((a, b) => b[1] - a[1])
  .slice(0, keep)
  .map(([file, s]) => ({ file, seconds: s }));
const about = `The test files that take the longest, longest first (test/helpers/sequencer.ts starts them first), with their seconds: written by scripts/test-durations.ts from the reports of the runs of ${measured.join(', ')} UTC (and earlier ones).`;
fs.writeFileSync(durationsFile, JSON.stringify({ about, longest }, null, 2) + '\n');
console.log(`${path.relative(root, durationsFile)}: ${longest.length} files, the longest ${longest[0]?.file} (${longest[0]?.seconds} s)`);
