// The browser bundle is made once per build, whatever the site ships: esbuild starts it as soon as
// the content stages know what it holds (islands and the styles of the markdown's code, or a diagram
// left to the browser), never once early and again after rendering.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSite, buildSite } from '../../../helpers/site.js';
import { repoRoot } from '../../../helpers/paths.js';

const calls = vi.hoisted(() => ({ client: 0 }));
vi.mock('../../../../src/builder/bundle/client.js', async (importOriginal) =>
  (await import('../../../helpers/counted.js')).counted(await importOriginal<Record<string, unknown>>(), 'bundleClient', () => calls.client++),
);

const plain = makeSite({ 'docs/intro.md': '# Intro\n\nHello.\n' });
afterAll(() => fs.rmSync(plain.dir, { recursive: true, force: true }));
beforeEach(() => {
  calls.client = 0;
});

describe('the browser bundle', () => {
  it('is made once for a site whose markdown holds no code', async () => {
    const { sink } = await buildSite(plain.configFile);
    expect(calls.client).toBe(1);
    expect(sink.files.has('docs/intro/index.html')).toBe(true);
  });

  it('is made once, with the islands, for a site whose markdown holds code', async () => {
    const { result } = await buildSite(path.join(repoRoot, 'test/fixtures/mdx-site/site.config.ts'));
    expect(calls.client).toBe(1);
    expect(result.client.islands?.length).toBeGreaterThan(0);
  }, 120_000);
});
