import { describe, expect, it } from 'vitest';
import { bundledTranslations, defaultStrings, interpolate, plural } from '../../../src/shared/strings.js';

// Plural forms by each locale's rules (Intl.PluralRules), as Docusaurus's usePluralForm picks them.

describe('plural', () => {
  const found = (count: number, locale: string, message: string) => interpolate(plural(message, count, locale), { count, query: 'mqtt' });

  it('says "One document found" and "{n} documents found" in English', () => {
    const message = defaultStrings['theme.SearchPage.resultsCount'];
    expect(found(1, 'en', message)).toBe('One document found for "mqtt"');
    expect(found(2, 'en', message)).toBe('2 documents found for "mqtt"');
    expect(found(0, 'en', message)).toBe('0 documents found for "mqtt"');
  });

  it('has one form in Chinese, whatever the count', () => {
    const message = bundledTranslations['zh-Hans']['theme.SearchPage.resultsCount']!;
    for (const n of [1, 2, 5]) expect(found(n, 'zh-Hans', message)).toBe(`共找到 ${n} 篇关于“mqtt”的文档`);
  });

  it("follows each locale's categories in Docusaurus's order (zero, one, two, few, many, other)", () => {
    // Russian: one, few, many, other.
    const ru = 'one|few|many|other';
    expect([1, 3, 5, 21, 1.5].map((n) => plural(ru, n, 'ru'))).toEqual(['one', 'few', 'many', 'one', 'other']);
    // French counts 0 as "one"; a message with fewer forms than categories takes its last one.
    expect(plural('un|plusieurs', 0, 'fr')).toBe('un');
    expect(plural('one|other', 4, 'ru')).toBe('other');
    expect(plural('only', 3, 'en')).toBe('only');
  });
});
