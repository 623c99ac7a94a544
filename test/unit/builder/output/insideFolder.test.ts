import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { insideFolder, staysInside } from '../../../../src/builder/output/insideFolder.js';

describe('insideFolder', () => {
  it('keeps paths below the folder, including ones that step down and back up', () => {
    expect(insideFolder('/out', 'docs/a/index.html')).toBe('/out/docs/a/index.html');
    expect(insideFolder('/out', 'docs/../index.html')).toBe('/out/index.html');
    expect(staysInside('a/b/../../c')).toBe(true);
  });

  it('refuses paths that leave the folder or are absolute', () => {
    for (const rel of ['../pwned/index.html', 'docs/../../pwned/index.html', '..', '/etc/passwd', 'a\\..\\..\\b', 'C:/x', 'a\0b']) {
      expect(staysInside(rel), rel).toBe(false);
      expect(() => insideFolder('/out', rel), rel).toThrow('A file would be written outside the output folder');
    }
  });
});

describe('insideFolder, plain paths', () => {
  it('gives what path.join gives for the files pages write, and for paths it has to normalise', () => {
    const rels = ['docs/a/index.html', '__page.json', 'docs/doc-00001/__page.json', 'a.b/c.d.e', 'docs//a/index.html', './docs/index.html', 'docs/./a', 'docs/a/', 'a..b/c', 'x-1_2/y'];
    for (const root of ['/out', '/tmp/build.tmp-1', '/out/', '/out/../other', 'relative/out']) {
      for (const rel of rels) expect(insideFolder(root, rel), `${root} + ${rel}`).toBe(path.join(root, rel));
    }
  });
});
