import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSite } from '../../../helpers/site.js';
import { devEvents } from '../../../helpers/devEvents.js';
import { startDevServer, type DevServer } from '../../../../src/server/dev/server.js';

// A mermaid diagram edited in `sitegen dev`: a new diagram is drawn by the rebuild that follows the
// save; a broken one is shown over the page with its file, line and mermaid's message while the page
// keeps being served as it last was; fixed, the page gets the new drawing.

const page = (diagram: string) => `# Flow\n\nThe text around the diagram.\n\n\`\`\`mermaid\n${diagram}\n\`\`\`\n`;
let site: { dir: string; configFile: string };
let dev: DevServer;

beforeAll(async () => {
  site = makeSite({ 'docs/flow.md': page('flowchart LR\n  DevFirst --> DevSecond') }, { markdown: { mermaid: true } });
  dev = await startDevServer({ configFile: site.configFile, port: 0, host: '127.0.0.1', persist: false, log: () => undefined });
  await dev.ready;
}, 120_000);

afterAll(async () => {
  await dev?.close();
  fs.rmSync(site.dir, { recursive: true, force: true });
});

const served = async () => (await fetch(new URL('/docs/flow', dev.url))).text();

describe('mermaid in sitegen dev', () => {
  it('draws the diagram, shows a broken one in the overlay while serving the last good page, and draws the fix', async () => {
    expect(await served()).toMatch(/<div class="mermaid-diagram"><svg[^>]*>[\s\S]*DevFirst/);
    const events = await devEvents(dev.url);
    await events.next((e) => e.type === 'hello');
    fs.writeFileSync(path.join(site.dir, 'docs/flow.md'), page('flowchart LR\n  DevFirst -->'));
    const problem = await events.next((e) => e.type === 'problems', 60_000);
    const first = problem.type === 'problems' ? problem.problems.problems[0] : undefined;
    expect(first).toMatchObject({ file: 'docs/flow.md', line: 5 });
    expect(first?.message).toMatch(/^Mermaid cannot draw this diagram: Parse error on line \d+:/);
    expect(await served()).toContain('DevFirst');
    fs.writeFileSync(path.join(site.dir, 'docs/flow.md'), page('flowchart LR\n  DevFirst --> DevThird'));
    await events.next((e) => e.type === 'ok', 60_000);
    await expect.poll(served, { timeout: 30_000 }).toMatch(/<div class="mermaid-diagram"><svg[^>]*>[\s\S]*DevThird/);
    events.close();
  }, 180_000);
});
