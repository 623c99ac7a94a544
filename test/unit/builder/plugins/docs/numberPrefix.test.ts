import { describe, expect, it } from 'vitest';
import { stripNumberPrefix, numberPrefix } from '../../../../../src/builder/plugins/docs/numberPrefix.js';

// Docusaurus's default numberPrefixParser: a number, separators (- _ .) with optional spaces, then
// the name; names that start like a date or a version keep their digits.

describe('number prefixes', () => {
  const cases: [string, string, number | undefined][] = [
    ['01-intro', 'intro', 1],
    ['1.intro', 'intro', 1],
    ['003 - intro', 'intro', 3],
    ['0 --- Client API', 'Client API', 0],
    ['02_guides', 'guides', 2],
    ['10. Setup', 'Setup', 10],
    ['2021-01-01-notes', '2021-01-01-notes', undefined],
    ['7.0-release', '7.0-release', undefined],
    ['1.0.0', '1.0.0', undefined],
    ['intro', 'intro', undefined],
    ['42', '42', undefined],
    ['3-', '3-', undefined],
  ];
  for (const [name, stripped, position] of cases) {
    it(`${JSON.stringify(name)} → ${JSON.stringify(stripped)}, position ${position}`, () => {
      expect(stripNumberPrefix(name)).toBe(stripped);
      expect(numberPrefix(name)).toBe(position);
    });
  }
});
