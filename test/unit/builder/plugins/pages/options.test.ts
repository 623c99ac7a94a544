import { describe, expect, it } from 'vitest';
import { pagesSchema } from '../../../../../src/builder/plugins/pages/options.js';
import { configMessages } from '../../../../helpers/configProblems.js';

describe('pages plugin options', () => {
  it('defaults to src/pages with the default globs; false means no pages', () => {
    const pages = pagesSchema.parse(undefined);
    expect(pages && pages.path).toBe('src/pages');
    expect(pages && pages.exclude.length).toBeGreaterThan(0);
    expect(pagesSchema.parse(false)).toBe(false);
  });

  it('names the option of an invalid value with its path in the site config', () => {
    expect(configMessages({ pages: { path: 'src/pages', includes: [] } })).toEqual(['pages.includes: unknown key "includes"']);
    expect(configMessages({ pages: true })).toEqual(['pages: does not match any allowed shape (found boolean true)']);
  });
});
