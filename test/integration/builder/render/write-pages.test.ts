// The HTML stage returns the pages as written as new values: the array its caller handed it, and the
// pages in it, are left as they were (the build and the dev server's fast path both read theirs again).
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSite, buildSite } from '../../../helpers/site.js';
import { writePages } from '../../../../src/builder/render/renderSite.js';
import { MemorySink } from '../../../../src/builder/output/sink.js';

const { dir, configFile } = makeSite({ 'docs/intro.md': '# Intro\n\nHello.\n', 'src/pages/about.md': '# About\n' });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('writePages', () => {
  it("leaves its caller's array and pages unchanged, and returns the pages as written (without their bodies with dropBodies)", async () => {
    const { result } = await buildSite(configFile);
    const routes = result.rendered.map((r) => ({ ...r }));
    const before = [...routes];
    const bodies = routes.map((r) => r.page.bodyHtml);
    expect(bodies.filter(Boolean).length).toBeGreaterThan(1);
    const sink = new MemorySink();
    const written = await writePages({ site: result.site, routes, sink, client: result.client, renderer: result.renderer, dropBodies: true });
    expect(routes).toHaveLength(before.length);
    routes.forEach((r, i) => expect(r).toBe(before[i]));
    expect(routes.map((r) => r.page.bodyHtml)).toEqual(bodies);
    expect(written).not.toBe(routes);
    expect(written.map((p) => p.page.route)).toEqual(routes.map((r) => r.page.route));
    expect(written.some((p) => 'bodyHtml' in p.page)).toBe(false);
    expect(sink.files.has('docs/intro/index.html')).toBe(true);
  });
});
