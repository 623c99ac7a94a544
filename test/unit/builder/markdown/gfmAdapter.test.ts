// The adapter into remark-gfm's internals: it must fail loudly when the installed versions or the
// shapes it relies on change (the trees it gives are compared with remark-gfm's in render.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { GFM_VERSIONS, withoutAutolinkTransform, withoutEmailAutolinkSyntax, type Transform } from '../../../../src/builder/markdown/gfmAdapter.js';
import { repoRoot } from '../../../helpers/paths.js';

const installed = (pkg: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', pkg, 'package.json'), 'utf8')).version;

describe('gfm adapter', () => {
  it('was written for the installed versions of remark-gfm and its autolink packages (check the adapter, then update GFM_VERSIONS)', () => {
    for (const [pkg, version] of Object.entries(GFM_VERSIONS)) expect(installed(pkg), pkg).toBe(version);
  });
  it('takes the autolink transform out of the processor, and a text the syntax leaves alone stays text until the caller runs it', () => {
    let taken: Transform | undefined;
    const p = unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(withoutAutolinkTransform((t) => (taken = t)))
      .freeze();
    expect(taken).toBeTypeOf('function');
    // An escaped dot is seen by the transform only (the syntax extension gives up on it).
    const tree = p.parse('Escaped www\\.shifu.dev');
    expect(JSON.stringify(tree)).not.toContain('"link"');
    taken!(tree);
    expect(JSON.stringify(tree)).toContain('"url":"http://www.shifu.dev"');
  });
  it('throws, naming itself, when the shapes it expects are missing', () => {
    expect(() =>
      unified()
        .use(remarkParse)
        .use(withoutAutolinkTransform(() => {}))
        .freeze(),
    ).toThrow(/gfmAdapter\.ts was written for remark-gfm@/);
    expect(() => unified().use(remarkParse).use(withoutEmailAutolinkSyntax).freeze()).toThrow(/email autolink construct/);
  });
});
