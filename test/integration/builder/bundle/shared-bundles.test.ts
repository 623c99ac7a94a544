import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeSite, buildSite } from '../../../helpers/site.js';
import { clearSharedBundles, sharedStats } from '../../../../src/builder/bundle/sharedBundles.js';
import type { MemorySink } from '../../../../src/builder/output/sink.js';

// Sites one process builds share the browser and server bundles that hold nothing of their own
// (src/builder/bundle/sharedBundles.ts): the second site's output is what it is when built alone, and
// a site whose code is in a bundle (a swizzled component, a React page) never takes another's, only
// its own again while none of the files it read changed.

const files = (sink: MemorySink) => new Map(sink.paths().map((p) => [p, sink.read(p)]));

describe('bundles shared between sites', () => {
  beforeEach(() => clearSharedBundles());

  it('gives a second site with nothing of its own in the bundles the first one’s, and the output it has when built alone', async () => {
    const a = makeSite({ 'docs/a.md': '# Alpha\n\nOne.\n' });
    const b = makeSite({ 'docs/b.md': '# Beta\n\nTwo [link](./c.md).\n', 'docs/c.md': '# Gamma\n' }, { title: 'Other' });
    await buildSite(a.configFile);
    const before = sharedStats.reused;
    const shared = await buildSite(b.configFile);
    // The browser bundle and the server bundle.
    expect(sharedStats.reused - before).toBe(2);
    clearSharedBundles();
    const alone = await buildSite(b.configFile);
    expect(sharedStats.reused - before).toBe(2);
    expect(files(shared.sink)).toEqual(files(alone.sink));
  });

  it('shares them when each site is built from its own folder (the CLI’s, and runCliInProcess’s), not the one esbuild was loaded in', async () => {
    const a = makeSite({ 'docs/a.md': '# Alpha\n\nOne.\n' });
    const b = makeSite({ 'docs/b.md': '# Beta\n\nTwo.\n' }, { title: 'Other' });
    const home = process.cwd();
    try {
      process.chdir(a.dir);
      await buildSite(a.configFile);
      const before = sharedStats.reused;
      process.chdir(b.dir);
      const shared = await buildSite(b.configFile);
      // The browser bundle and the server bundle: the server bundle's files read were taken relative to
      // this folder, not esbuild's, and so named as the site's own (missing) files.
      expect(sharedStats.reused - before).toBe(2);
      process.chdir(home);
      clearSharedBundles();
      expect(files(shared.sink)).toEqual(files((await buildSite(b.configFile)).sink));
    } finally {
      process.chdir(home);
    }
  });

  it('gives a site with code of its own its own bundles again while none of its files changed, and never to another site', async () => {
    const page = { 'docs/a.md': '# Alpha\n', 'src/pages/hello.tsx': 'export default function Hello() {\n  return <main>Hello from a page</main>;\n}\n' };
    // A file saved in the seconds before a build is never trusted (runEsbuild.ts): these were saved an hour ago.
    const savedEarlier = (dir: string) => {
      const hour = new Date(Date.now() - 3_600_000);
      for (const f of fs.readdirSync(dir, { recursive: true }) as string[]) fs.utimesSync(path.join(dir, f), hour, hour);
      return dir;
    };
    const site = makeSite(page);
    savedEarlier(site.dir);
    const first = await buildSite(site.configFile);
    const before = sharedStats.reused;
    const again = await buildSite(site.configFile);
    // The browser bundle and the server bundle, both holding the page.
    expect(sharedStats.reused - before).toBe(2);
    expect(files(again.sink)).toEqual(files(first.sink));
    // The same page in another site's folder: its own bundles.
    const other = makeSite(page);
    savedEarlier(other.dir);
    await buildSite(other.configFile);
    expect(sharedStats.reused - before).toBe(2);
    // The page edited: bundled again, with the edit.
    const hello = path.join(site.dir, 'src/pages/hello.tsx');
    fs.writeFileSync(hello, fs.readFileSync(hello, 'utf8').replace('Hello from a page', 'Hello again'));
    const edited = await buildSite(site.configFile);
    expect(sharedStats.reused - before).toBe(2);
    expect(edited.sink.read('hello/index.html')).toContain('Hello again');
  });

  it('never shares a bundle that holds a site’s own code', async () => {
    const plain = makeSite({ 'docs/a.md': '# Alpha\n' });
    const swizzled = makeSite({
      'docs/a.md': '# Alpha\n',
      'src/theme/Footer/index.js': 'export default function Footer() {\n  return <footer className="our-footer">Our own footer</footer>;\n}\n',
    });
    const page = makeSite({ 'docs/a.md': '# Alpha\n', 'src/pages/hello.tsx': 'export default function Hello() {\n  return <main>Hello from a page</main>;\n}\n' });
    await buildSite(plain.configFile);
    const before = sharedStats.reused;
    const ours = await buildSite(swizzled.configFile);
    const withPage = await buildSite(page.configFile);
    expect(sharedStats.reused).toBe(before);
    expect([...files(withPage.sink).values()].some((text) => text?.includes('Hello from a page'))).toBe(true);
    // And what they made is not given to the next plain site either.
    const again = await buildSite(makeSite({ 'docs/a.md': '# Alpha\n' }).configFile);
    expect(sharedStats.reused - before).toBe(2);
    expect([...files(again.sink).values()].some((text) => text?.includes('Hello from a page'))).toBe(false);
    // Each is what it is when built alone.
    clearSharedBundles();
    expect(files((await buildSite(swizzled.configFile)).sink)).toEqual(files(ours.sink));
    expect(files((await buildSite(plain.configFile)).sink)).toEqual(files(again.sink));
  });
});
