import { describe, expect, it } from 'vitest';
import { searchSchema } from '../../../../../src/builder/passes/search/options.js';
import { configMessages } from '../../../../helpers/configProblems.js';

describe('search options', () => {
  it('defaults to an English index of docs and blog, not pages', () => {
    expect(searchSchema.parse({})).toEqual({
      enabled: true,
      language: ['en'],
      indexDocs: true,
      indexBlog: true,
      indexPages: false,
      searchResultLimits: 8,
      searchResultContextMaxLength: 50,
      searchBarShortcutHint: true,
    });
  });

  it('names the option of an invalid value with its path in the site config', () => {
    expect(configMessages({ search: { language: ['fr'] } })).toEqual(['search.language[0]: expected one of "en", "zh", found the string "fr"']);
    expect(configMessages({ search: { searchResultLimits: 100 } })).toEqual(['search.searchResultLimits: Too big: expected number to be <=50 (found number 100)']);
  });
});
