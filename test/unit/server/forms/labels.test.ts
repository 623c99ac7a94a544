import { describe, it, expect } from 'vitest';
import { readLabels, labelsFor, labelled } from '../../../../src/server/forms/labels.js';
import { SitegenError } from '../../../../src/builder/errors.js';

// The schemas module's `labels` export: checked as it loads, picked per locale, and applied to a field
// and its value.

const labels = readLabels(
  {
    en: { fields: { company: 'Company or organisation', problem: 'Problem to solve' }, choices: { problem: { 'device-connection': 'Device connection' } }, required: '{field} is required' },
    'zh-Hans': { fields: { company: '公司或组织' }, choices: { problem: { 'device-connection': '设备接入' } } },
  },
  '/site/schemas.ts',
);

describe('form labels', () => {
  it("pick a locale's own, then its language's, then English's", () => {
    expect(labelsFor(labels, 'zh-Hans')?.fields.company).toBe('公司或组织');
    expect(labelsFor(labels, 'zh-TW')?.fields.company).toBe('公司或组织');
    expect(labelsFor(labels, 'fr')?.fields.company).toBe('Company or organisation');
    expect(labelsFor(undefined, 'en')).toBeUndefined();
  });

  it('name a field and word a chosen option; what they do not name stays as it is', () => {
    const zh = labelsFor(labels, 'zh-Hans');
    expect(labelled(zh, 'problem', 'device-connection')).toEqual({ label: 'problem', value: '设备接入' });
    expect(labelled(labelsFor(labels, 'en'), 'problem', 'device-connection')).toEqual({ label: 'Problem to solve', value: 'Device connection' });
    expect(labelled(zh, 'company', 'device-connection')).toEqual({ label: '公司或组织', value: 'device-connection' });
    expect(labelled(zh, 'extra', 3)).toEqual({ label: 'extra', value: 3 });
    expect(labelled(undefined, 'company', 'Acme')).toEqual({ label: 'company', value: 'Acme' });
  });

  it('are optional, and refused with the module named when they are not words', () => {
    expect(readLabels(undefined, '/site/schemas.ts')).toBeUndefined();
    for (const bad of [[], { en: 'x' }, { en: { fields: { company: 3 } } }, { en: { choices: { problem: 'x' } } }]) {
      let error: unknown;
      try {
        readLabels(bad, '/site/schemas.ts');
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(bad)).toBeInstanceOf(SitegenError);
      expect((error as SitegenError).problems[0].file).toBe('/site/schemas.ts');
    }
  });
});
