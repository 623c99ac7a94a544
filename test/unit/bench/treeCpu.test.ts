import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the benchmark, without types
import { treeCpu } from '../../../bench/treeCpu.mjs';

// bench/treeCpu.mjs: the benchmark's CPU figure counts the processes a build starts (esbuild's service,
// the diagrams' Chromium), alive or ended, not the build's own process alone.

interface TreeCpu {
  cpuMs: number;
  ownCpuMs: number;
  tree: boolean;
}
const others = (t: TreeCpu) => t.cpuMs - t.ownCpuMs;

/** A child that spins until it has used `ms` of its own CPU, says so, and waits to be ended. */
const BURN = `const s = process.cpuUsage(); while (true) { const u = process.cpuUsage(s); if ((u.user + u.system) / 1000 >= Number(process.argv[1])) break; } process.stdout.write('done'); setInterval(() => {}, 1000);`;

describe('treeCpu', () => {
  it('counts a child that is still running and one that ended, beside the process itself', async () => {
    const before = treeCpu() as TreeCpu;
    expect(before.tree).toBe(true);
    const child = spawn(process.execPath, ['-e', BURN, '300'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await once(child.stdout, 'data');
    const running = treeCpu() as TreeCpu;
    expect(others(running) - others(before)).toBeGreaterThanOrEqual(290);
    child.kill();
    await once(child, 'exit');
    const ended = treeCpu() as TreeCpu;
    expect(others(ended) - others(before)).toBeGreaterThanOrEqual(290);
    expect(ended.ownCpuMs).toBeGreaterThanOrEqual(before.ownCpuMs);
  });
});
