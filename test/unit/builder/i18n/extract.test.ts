import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractTranslations, extractTranslationsAhead } from '../../../../src/builder/i18n/extract.js';

// The messages of a site's React code are kept by content hash in the cache folder
// (translations.json): read once per process unless another process wrote it since, and without the
// files that are gone (the temporary sites of a test run made it grow for good).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-extract-'));
const store = path.join(dir, 'cache');
const saved = process.env.SITEGEN_CACHE_DIR;
beforeEach(() => void (process.env.SITEGEN_CACHE_DIR = store));
afterEach(() => {
  if (saved === undefined) delete process.env.SITEGEN_CACHE_DIR;
  else process.env.SITEGEN_CACHE_DIR = saved;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const page = (name: string, message: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `import Translate from '@docusaurus/Translate';\nexport default () => <Translate id="${name}">${message}</Translate>;\n`);
  return file;
};
const stored = () => JSON.parse(fs.readFileSync(path.join(store, 'translations.json'), 'utf8')) as Record<string, { hash: string; messages: { message: string }[] }>;

describe('extractTranslations', () => {
  it('keeps the messages of files that exist, and reads what another process wrote', () => {
    const a = page('a.tsx', 'Hello');
    expect(extractTranslations([a]).messages.map((m) => m.message)).toEqual(['Hello']);
    expect(Object.keys(stored())).toEqual([a]);

    // The first site is gone: the next write leaves its file out.
    fs.rmSync(a);
    const b = page('b.tsx', 'Welcome');
    expect(extractTranslations([b]).messages.map((m) => m.message)).toEqual(['Welcome']);
    expect(Object.keys(stored())).toEqual([b]);

    // Another process wrote the cache since (same hash, its own result): that is what is read.
    const other = stored();
    other[b].messages[0].message = 'Welcome (from another process)';
    fs.writeFileSync(path.join(store, 'translations.json'), JSON.stringify(other) + '\n');
    expect(extractTranslations([b]).messages.map((m) => m.message)).toEqual(['Welcome (from another process)']);
  });

  it('reads ahead (esbuild and acorn, TypeScript for the rest) what it reads alone', async () => {
    const files = [page('c.tsx', 'Hello'), page('d.tsx', '{name}'), page('e.tsx', `{('x')}`)];
    fs.writeFileSync(path.join(dir, 'f.ts'), `export const f = () => translate({ message: 'In a module' });\n`);
    files.push(path.join(dir, 'f.ts'));
    const ahead = await extractTranslationsAhead(files);
    fs.rmSync(store, { recursive: true, force: true });
    expect(ahead).toEqual(extractTranslations(files));
    // d.tsx and e.tsx: a problem each (TypeScript's, with its line), and the id as the message.
    expect(ahead.messages.map((m) => m.message)).toEqual(['Hello', 'd.tsx', 'e.tsx', 'In a module']);
    expect(ahead.problems.map((p) => `${path.basename(p.file!)}:${p.line}`)).toEqual(['d.tsx:2', 'e.tsx:2']);
  });
});
