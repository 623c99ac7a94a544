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

export async function runCliInProcess(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<CliRun> {
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
  const cwd = process.cwd();
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  Object.assign(process.env, env);
  process.chdir(options.cwd);
  try {
    await main(['node', 'sitegen', ...args]);
    return { status: Number(process.exitCode ?? 0), stdout, stderr };
  } finally {
    process.chdir(cwd);
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    process.exitCode = exitCode;
    for (const spy of spies) spy.mockRestore();
  }
}
