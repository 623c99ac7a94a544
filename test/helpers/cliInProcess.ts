import fs from 'node:fs';
import { vi } from 'vitest';
import { main } from '../../src/cli/main.js';

// `sitegen <args>` run by the CLI's own entry (src/cli/main.ts) in this process, instead of starting
// node twice (bin/sitegen.js relaunches itself for a build): its stdout, its stderr and the exit code
// it sets. The folder and the environment are the command's while it runs and restored after; the
// test that the exit code reaches the shell is the process test of each command (test/integration/cli/).

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

// The worker's own folder, where a run goes back to when the folder it started in is gone.
const home = process.cwd();
// One run at a time in a worker: a test that timed out goes on running its command after the timeout
// (vitest cannot stop it), and a run of the next file started beside it would take its folder, its
// environment and its stdout spies as its own to restore. In a run of the integration files under load
// 30, after persistent.test.ts timed out, three later files of its worker failed with "ENOENT: uv_cwd"
// (18 errors: the worker's folder had been removed under it).
let previous: Promise<unknown> = Promise.resolve();

export function runCliInProcess(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<CliRun> {
  const run = previous.then(
    () => runOnce(args, options),
    () => runOnce(args, options),
  );
  previous = run.catch(() => undefined);
  return run;
}

async function runOnce(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const text = (chunk: unknown) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => ((stdout += text(chunk)), true)),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => ((stderr += text(chunk)), true)),
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void (stdout += `${parts.map(String).join(' ')}\n`)),
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void (stderr += `${parts.map((p) => (p instanceof Error ? (p.stack ?? String(p)) : String(p))).join(' ')}\n`)),
  ];
  const env = { NO_COLOR: '1', ...options.env };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const cwd = currentFolder();
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  Object.assign(process.env, env);
  try {
    process.chdir(options.cwd);
    await main(['node', 'sitegen', ...args]);
    return { status: Number(process.exitCode ?? 0), stdout, stderr };
  } finally {
    process.chdir(fs.existsSync(cwd) ? cwd : home);
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    process.exitCode = exitCode;
    for (const spy of spies) spy.mockRestore();
  }
}

/** The process's folder, or the worker's own when that folder was removed (process.cwd() throws then). */
function currentFolder(): string {
  try {
    return process.cwd();
  } catch {
    return home;
  }
}
