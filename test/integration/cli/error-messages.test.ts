import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sitegenBin } from '../../helpers/site.js';
import { runCliInProcess } from '../../helpers/cliInProcess.js';
import type { ErrorCase, ErrorCaseRun } from './error-cases/types.js';
import { fileSystemCases } from './error-cases/fileSystem.js';
import { contentCases } from './error-cases/content.js';

// Every error as promised: bad input of every kind gets its file:line, a hint and a non-zero exit (or,
// for what only deserves a warning, a line saying so), never a stack trace or a raw Node error. One
// table, run through the CLI's entry (src/cli/main.ts) in this process, with the command's folder,
// environment, output and exit code; the rows are in error-cases/, by kind. One row of each command
// also runs through the CLI as a person runs it (bin/sitegen.js, a process): the exit code reaches the shell.

const cases: ErrorCase[] = [...fileSystemCases, ...contentCases];

function run(args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ status: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [sitegenBin, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr, stdout }));
  });
}

type Runner = (setup: ErrorCaseRun, dir: string) => Promise<{ status: number | null; stderr: string; stdout: string }>;

const inProcess: Runner = (setup, dir) => runCliInProcess(setup.args, { cwd: setup.cwd ?? dir, env: setup.env });
const asProcess: Runner = (setup, dir) => run(setup.args, setup.cwd ?? dir, setup.env);

async function check(c: ErrorCase, runner: Runner): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-error-'));
  const setup = await c.setup(dir);
  try {
    const result = await runner(setup, dir);
    const said = `exit ${result.status}\nstderr:\n${result.stderr}\nstdout:\n${result.stdout}`;
    expect(result.status, said).toBe(c.exitCode);
    for (const want of c.stderr) {
      if (typeof want === 'string') expect(result.stderr, said).toContain(want.replaceAll('<dir>', dir));
      else expect(result.stderr, said).toMatch(want);
    }
    for (const refused of c.notStderr ?? []) {
      if (typeof refused === 'string') expect(result.stderr, said).not.toContain(refused.replaceAll('<dir>', dir));
      else expect(result.stderr, said).not.toMatch(refused);
    }
    expect(result.stderr, said).not.toMatch(/\n\s+at .+[:(]\d+/);
    setup.check?.();
  } finally {
    setup.cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Run through the CLI process instead of in this one: one row of each command, and a row whose message
// needs the CLI's node (the line of an MDX file's code that throws is read from the error's stack, which
// under vitest's module runner does not name the file).
const processRows = new Set(['an MDX export that throws', 'a forms schemas module that throws']);

describe('every error as promised', () => {
  for (const c of cases) {
    const skip = c.skip?.();
    const runner = processRows.has(c.name) ? asProcess : inProcess;
    it.skipIf(skip !== undefined)(`${c.name}${skip ? ` (skipped: ${skip})` : ''}${runner === asProcess ? ' (CLI process)' : ''}`, () => check(c, runner));
  }
});
