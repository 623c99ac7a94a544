import { describe, expect, it } from 'vitest';
import { launcherGone, watchLauncher } from '../../../../src/builder/output/launcher.js';

describe('watchLauncher', () => {
  it("calls back once the watched parent is not this process's parent any more, and marks it gone", async () => {
    expect(launcherGone()).toBe(false);
    let calls = 0;
    // A process id that is not our parent stands for a launcher that died (we were handed to another parent).
    watchLauncher({ pid: process.ppid + 100_000, onGone: () => calls++, intervalMs: 10 });
    expect(calls).toBe(1);
    expect(launcherGone()).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(1);
  });
});
