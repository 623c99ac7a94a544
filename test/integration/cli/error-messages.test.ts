import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sitegenBin } from '../../helpers/site.js';
import type { ErrorCase } from './error-cases/types.js';
import { fileSystemCases } from './error-cases/fileSystem.js';
import { contentCases } from './error-cases/content.js';

// Every error as promised: bad input of every kind gets its file:line, a hint and a non-zero exit (or,
// for what only deserves a warning, a line saying so), never a stack trace or a raw Node error. One
// table, run through the CLI as a person runs it; the rows are in error-cases/, by kind.

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

describe('every error as promised', () => {
  for (const c of cases) {
    const skip = c.skip?.();
    it.skipIf(skip !== undefined)(`${c.name}${skip ? ` (skipped: ${skip})` : ''}`, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-error-'));
      const setup = await c.setup(dir);
      try {
        const result = await run(setup.args, setup.cwd ?? dir, setup.env);
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
    });
  }
});
