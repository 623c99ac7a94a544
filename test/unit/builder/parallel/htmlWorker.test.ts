import { describe, expect, it } from 'vitest';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { repoRoot } from '../../../helpers/paths.js';

// The HTML stage's threads (executor.ts starts them fresh once the markdown is rendered) load the code
// of htmlWorker.ts alone: the markdown code (remark, micromark, refractor: most of the build worker's
// 1.9 MB) cost each of them about 55 ms of CPU to load, for nothing.

describe('the HTML stage thread', () => {
  it('loads none of the parse and markdown code', async () => {
    const result = await esbuild.build({
      entryPoints: [path.join(repoRoot, 'src/builder/parallel/htmlWorker.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('src/builder/parallel/htmlHandler.ts');
    expect(inputs.filter((i) => /^src\/builder\/(markdown|mdx)\/|\/(micromark|mdast-util-[^/]+|remark-[^/]+|refractor|unified)\//.test(i))).toEqual([]);
  });
});
