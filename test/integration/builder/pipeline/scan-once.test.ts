// The pages folder and each docs folder are read once per build, however many locales the site has:
// each plugin reads its folders as it loads, and the parse, every locale's plan (and the bundles, for
// the React pages) take the files from that one read.
import fs from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { makeSite, buildSite } from '../../../helpers/site.js';

const calls = vi.hoisted(() => ({ scans: 0, docsScans: 0 }));
vi.mock('../../../../src/builder/content/pageFiles.js', async (importOriginal) =>
  (await import('../../../helpers/counted.js')).counted(await importOriginal<Record<string, unknown>>(), 'scanPages', () => calls.scans++),
);

vi.mock('../../../../src/builder/plugins/docs/content.js', async (importOriginal) =>
  (await import('../../../helpers/counted.js')).counted(await importOriginal<Record<string, unknown>>(), 'scanDocs', () => calls.docsScans++),
);

const site = makeSite(
  {
    'docs/intro.md': '# Intro\n',
    'src/pages/about.md': '# About\n',
    'src/pages/hello.tsx': "import React from 'react';\nexport default function Hello() {\n  return <main>Hello</main>;\n}\n",
  },
  { i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } },
);
afterAll(() => fs.rmSync(site.dir, { recursive: true, force: true }));

describe('the pages and docs folders', () => {
  it('are scanned once per build, for every locale and for the bundles', async () => {
    const { sink } = await buildSite(site.configFile);
    expect(calls.scans).toBe(1);
    expect(calls.docsScans).toBe(1);
    expect(sink.files.has('docs/intro/index.html')).toBe(true);
    for (const page of ['about/index.html', 'hello/index.html', 'fr/about/index.html', 'fr/hello/index.html']) expect(sink.files.has(page), page).toBe(true);
  }, 60_000);
});
