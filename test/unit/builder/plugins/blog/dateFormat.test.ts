import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { blogDates } from '../../../../../src/builder/plugins/blog/dateFormat.js';

// The blog's formatted dates are kept in a file between runs (dateFormat.ts): the same text as Intl
// makes, and a later run reads it back without making a formatter.

const intl = (iso: string, lang: string) => new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

describe('blogDates', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-dates-'));
  const Real = Intl.DateTimeFormat;
  afterEach(() => {
    Intl.DateTimeFormat = Real;
  });
  /** Counts the formatters made from now on. */
  const countFormatters = () => {
    const made = { count: 0 };
    Intl.DateTimeFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made.count++;
      }
    } as typeof Real;
    return made;
  };

  it('formats as Intl does, and a later run reads the dates back without a formatter', () => {
    const file = path.join(dir, 'dates.json');
    const first = blogDates(file);
    expect(first.format('2024-01-02', 'en')).toBe(intl('2024-01-02', 'en'));
    expect(first.format('2023-12-31T23:30:00.000Z', 'zh-Hans')).toBe(intl('2023-12-31T23:30:00.000Z', 'zh-Hans'));
    first.save();
    const made = countFormatters();
    const later = blogDates(file);
    expect(later.format('2024-01-02', 'en')).toBe(intl('2024-01-02', 'en'));
    expect(later.format('2023-12-31T23:30:00.000Z', 'zh-Hans')).toBe(intl('2023-12-31T23:30:00.000Z', 'zh-Hans'));
    // intl() above made two; the store none.
    expect(made.count).toBe(2);
    // A date it does not know is formatted and kept.
    expect(later.format('2020-02-29', 'en')).toBe(intl('2020-02-29', 'en'));
    later.save();
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).en['2020-02-29']).toBe(intl('2020-02-29', 'en'));
  });

  it('takes a corrupted or missing file as no dates known', () => {
    const file = path.join(dir, 'corrupted.json');
    fs.writeFileSync(file, '{"en": {"2024-01-02": "Janu');
    const dates = blogDates(file);
    expect(dates.format('2024-01-02', 'en')).toBe(intl('2024-01-02', 'en'));
    expect(blogDates(path.join(dir, 'missing', 'dates.json')).format('2024-01-02', 'en')).toBe(intl('2024-01-02', 'en'));
    // Whole JSON of another shape: a language's dates that are not an object are none known.
    const shaped = path.join(dir, 'shaped.json');
    fs.writeFileSync(shaped, '{"en": "January", "de": ["x"]}');
    expect(blogDates(shaped).format('2024-01-02', 'en')).toBe(intl('2024-01-02', 'en'));
    expect(blogDates(shaped).format('2024-01-02', 'de')).toBe(intl('2024-01-02', 'de'));
  });
});
