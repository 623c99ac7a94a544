import { describe, expect, it } from 'vitest';
import { islandKey, islandSlot, slotIslandKey } from '../../../src/shared/islands.js';

// Island keys: a module's export, or a slot of a markdown file (its own code), named from the site folder.

describe('island keys', () => {
  it('names a file of the site from @site, and a package as imported', () => {
    expect(islandKey('/site/src/components/Counter.tsx', 'default', '/site')).toBe('@site/src/components/Counter.tsx#default');
    expect(islandKey('some-package/Widget', 'Widget', '/site/')).toBe('some-package/Widget#Widget');
  });

  it("reads back a markdown file's slot, and nothing from a module's export", () => {
    const key = slotIslandKey('/site/docs/intro.mdx', 812, '/site');
    expect(key).toBe('@site/docs/intro.mdx#slot-812');
    expect(islandSlot(key)).toEqual({ module: '@site/docs/intro.mdx', offset: 812 });
    expect(islandSlot('@site/src/components/Counter#default')).toBeUndefined();
    expect(islandSlot('@site/src/components/Counter#slot')).toBeUndefined();
  });
});
