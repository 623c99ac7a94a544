import { describe, expect, it } from 'vitest';
import { packageRoot, sourceFiles as launcherSourceFiles } from '../../../bin/cli-bundle.js';
import { sourceFiles } from '../../../src/builder/sourceFiles.js';

// The bundled CLI takes src/builder/sourceFiles.ts's list from the launcher's walk (bin/cli-bundle.js),
// the one that keyed the bundle: the build cache's code fingerprint and the worker bundles' key are made
// from it, so both walks find the same files, with the same sizes and times, in the same order.

describe('sourceFiles', () => {
  it('is the same list in the launcher and in the sources', () => {
    const files = sourceFiles(packageRoot);
    expect(launcherSourceFiles(packageRoot)).toEqual(files);
    expect(files.map((f) => f.rel)).toContain('src/builder/sourceFiles.ts');
    expect(files.some((f) => f.rel.endsWith('.css'))).toBe(true);
    expect(files.every((f) => /^src\/.*\.(tsx?|css|json)$/.test(f.rel.split('\\').join('/')))).toBe(true);
  });
});
