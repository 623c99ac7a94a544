import { describe, it, expect } from 'vitest';
import { exportSubmissions, csvCell } from '../../../../src/server/forms/export.js';

const records = [
  { id: 'a', form: 'questionnaire', receivedAt: '2026-01-01T00:00:00.000Z', data: { name: 'Ada, "the first"', email: 'ada@example.com', company: '=HYPERLINK("http://x")' } },
  { id: 'b', form: 'questionnaire', receivedAt: '2026-01-02T00:00:00.000Z', data: { name: 'Lin\nWei', email: 'lin@example.com', extra: 1 } },
];

describe('exportSubmissions', () => {
  it('writes CSV with the schema fields first, quoting and neutralising formulas', () => {
    const csv = exportSubmissions({ records, format: 'csv', fields: ['name', 'email', 'company'] });
    expect(csv).toBe(
      'id,receivedAt,name,email,company,extra\r\n' +
        'a,2026-01-01T00:00:00.000Z,"Ada, ""the first""",ada@example.com,"\'=HYPERLINK(""http://x"")",\r\n' +
        'b,2026-01-02T00:00:00.000Z,"Lin\nWei",lin@example.com,,1\r\n',
    );
  });

  it('writes JSON that reads back to the records', () => {
    expect(JSON.parse(exportSubmissions({ records, format: 'json' }))).toEqual(records);
  });

  it.each([
    ['+86 138 0013 8000', "'+86 138 0013 8000"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['plain', 'plain'],
    [' padded', '" padded"'],
  ])('csvCell(%j) = %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
