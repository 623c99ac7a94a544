import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

// A reporter (test/run.js adds it to npm test's) that writes each test file's time in its worker: its
// hooks and its tests (not its import: the first file of a worker imports the builder for all the
// others, 5-8 s that are not its own). vitest's JSON report gives a file only its
// first test's start and its last test's end, without the beforeAll that builds its site: measured that
// way, a file that builds for 5 s and then asserts in 0.1 s looked 0.1 s long, and the sequencer
// (test/helpers/sequencer.ts, through scripts/test-durations.ts) left it for the run's tail, where the
// builds it waits on leave a core idle. Written to the file SITEGEN_TEST_FILE_TIMES names, as
// { startTime, files: [{ file, seconds }] } (file: the path from the repository's root).

export interface FileTimes {
  /** When the run started (ms since the epoch). */
  startTime: number;
  files: { file: string; seconds: number }[];
}

export default class FileTimesReporter implements Reporter {
  private readonly startTime = Date.now();
  private readonly files: FileTimes['files'] = [];
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    this.files.push({ file: path.relative(this.root, module.moduleId).split(path.sep).join('/'), seconds: Math.round(d.duration / 100) / 10 });
  }

  onTestRunEnd(): void {
    const out = process.env.SITEGEN_TEST_FILE_TIMES;
    if (!out) return;
    const times: FileTimes = { startTime: this.startTime, files: this.files };
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(times));
  }
}
