import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCategories } from '../../../../../src/builder/plugins/docs/content.js';
import { normalizeSidebars } from '../../../../../src/builder/plugins/docs/sidebarsConfig.js';
import { SitegenError } from '../../../../../src/builder/errors.js';

// One category link schema for a sidebars file's categories and a folder's _category_ file.

function categoryFile(link: unknown) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-category-link-'));
  fs.mkdirSync(path.join(root, 'guide'));
  fs.writeFileSync(path.join(root, 'guide/_category_.json'), JSON.stringify({ label: 'Guide', link }));
  try {
    return readCategories(root, ['guide/_category_.json']).get('guide')!;
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

const generatedIndex = { type: 'generated-index', slug: '/guide', title: 'Guide', description: 'All of it', image: '/img/guide.png', keywords: ['guide'] };

describe('category link', () => {
  it('takes the same generated index (image and keywords included) in a _category_ file and in a sidebars file', () => {
    expect(categoryFile(generatedIndex).link).toEqual(generatedIndex);
    const sidebars = normalizeSidebars({ main: [{ type: 'category', label: 'Guide', link: generatedIndex, items: ['intro'] }] }, '/site/sidebars.js');
    expect(JSON.stringify(sidebars)).toContain('"image":"/img/guide.png"');
  });

  it('takes a doc link, and null in a _category_ file (no link)', () => {
    expect(categoryFile({ type: 'doc', id: 'guide/intro' }).link).toEqual({ type: 'doc', id: 'guide/intro' });
    expect(categoryFile(null).link).toBeNull();
  });

  it('names an unknown key of the link in a _category_ file', () => {
    let error: unknown;
    try {
      categoryFile({ type: 'generated-index', slugg: '/guide' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SitegenError);
    expect((error as SitegenError).problems.map((p) => p.message)).toEqual(['link: unknown key "slugg"']);
  });
});
