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
