// The pages folder and each docs folder are read once per build, however many locales the site has:
// each plugin reads its folders as it loads, and the parse, every locale's plan (and the bundles, for
// the React pages) take the files from that one read. Each markdown file is read once too: the parse
// and the diagrams' early guess (diagrams/early.ts) take its text from one read.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
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
// Diagrams on: the early guess looks through every text for one to draw.
const diagrams = makeSite(
  {
    'docs/intro.md': '# Intro\n\nNo diagram here.\n',
    'docs/flow.md': '# Flow\n\n```mermaid\ngraph LR\n  Read --> Once\n```\n',
    'docs/more.md': '# More\n\nNone here either.\n',
  },
  { markdown: { mermaid: true, onBrokenMermaid: 'warn' } },
);
afterAll(() => {
  fs.rmSync(site.dir, { recursive: true, force: true });
  fs.rmSync(diagrams.dir, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

describe('the pages and docs folders', () => {
  it('are scanned once per build, for every locale and for the bundles', async () => {
    const { sink } = await buildSite(site.configFile);
    expect(calls.scans).toBe(1);
    expect(calls.docsScans).toBe(1);
    expect(sink.files.has('docs/intro/index.html')).toBe(true);
    for (const page of ['about/index.html', 'hello/index.html', 'fr/about/index.html', 'fr/hello/index.html']) expect(sink.files.has(page), page).toBe(true);
  }, 60_000);

  it('read each markdown file once, for the parse and for the diagrams drawn early', async () => {
    const reads = new Map<string, number>();
    const readFileSync = fs.readFileSync;
    vi.spyOn(fs, 'readFileSync').mockImplementation(((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
      if (typeof file === 'string' && file.startsWith(diagrams.dir) && file.endsWith('.md')) reads.set(path.relative(diagrams.dir, file), (reads.get(path.relative(diagrams.dir, file)) ?? 0) + 1);
      return (readFileSync as (...a: unknown[]) => unknown)(file, ...rest);
    }) as typeof fs.readFileSync);
    const { sink } = await buildSite(diagrams.configFile);
    expect(sink.files.has('docs/flow/index.html')).toBe(true);
    expect(Object.fromEntries(reads)).toEqual({ 'docs/intro.md': 1, 'docs/flow.md': 1, 'docs/more.md': 1, 'src/pages/index.md': 1 });
  }, 120_000);
});
