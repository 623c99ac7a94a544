// The in-process executor parses and renders in slices, letting the event loop run between them:
// esbuild's plugin callbacks (answered on this thread) must not wait for a whole small site's parse.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapYielding } from '../../../../src/builder/parallel/yielding.js';
import { inProcessExecutor } from '../../../../src/builder/parallel/executor.js';
import { defaultMarkdownLimits } from '../../../../src/builder/markdown/limits.js';

/** Waits about `ms` on this thread without giving the event loop a turn. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('mapYielding', () => {
  it('maps in order and lets queued callbacks run between slices, not only at the end', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('immediate'));
    const results = await mapYielding([1, 2, 3, 4, 5, 6, 7, 8], (n) => {
      busy(4);
      order.push(`item ${n}`);
      return n * 10;
    });
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
    const at = order.indexOf('immediate');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(order.length - 1);
  });
});

describe('in-process executor', () => {
  it('answers the event loop while it parses a site, and parses every file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-yield-'));
    const paragraph = 'A device twin with **telemetry**, `kubectl` and [a link](./other.md). '.repeat(10);
    const files = Array.from({ length: 30 }, (_, i) => {
      const file = path.join(dir, `doc-${i}.md`);
      fs.writeFileSync(file, `# Doc ${i}\n\n${Array.from({ length: 4 }, (_, s) => `## Part ${s}\n\n${paragraph}\n`).join('\n')}`);
      return file;
    });
    const executor = inProcessExecutor();
    let parsedWhenAnswered: number | undefined;
    let parsedCount = 0;
    const parsing = executor.parse(files, defaultMarkdownLimits).then((r) => {
      parsedCount = r.size;
      return r;
    });
    // Queued now, as esbuild's request for a plugin callback would be: it must run before the parse ends.
    setImmediate(() => (parsedWhenAnswered = parsedCount));
    const parsed = await parsing;
    expect(parsed.size).toBe(30);
    expect([...parsed.values()].every((r) => r.problems.length === 0 && r.meta?.contentTitle?.startsWith('Doc '))).toBe(true);
    expect(parsedWhenAnswered).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
