import { describe, it, expect, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../../../src/builder/config/loadConfig.js';
import { loadFormSchemas, exportSubmissions, labelsFor } from '../../../../src/server/forms/index.js';
import { bookingMails } from '../../../../src/server/forms/compose.js';
import { mailTexts } from '../../../../src/server/forms/mailTexts.js';
import { formWords, fieldMessage, type FormWords } from '../../../../content/pages/_forms/words.js';
import { writeSite, configImport } from '../../../helpers/buildFixture.js';
import { repoRoot } from '../../../helpers/paths.js';

// One name per field of the Shifu forms, in each language, wherever a field is named: the page's label
// (test/integration/builder/shifu-site.test.ts reads it in the built pages), the field's errors, the
// rows of the mails and the columns of the CSV export. The receiver reads the words from the schemas
// module the pages import (its `labels` export), so they are the pages' own by construction; this walks
// every field's strings in every place and checks the spelling is the site's (British, as its copy).

const siteDir = writeSite({
  'site.config.ts': `${configImport}
export default { title: 'Shifu', url: 'https://shifu.test', docs: false, pages: false, i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] },
  forms: { schemas: ${JSON.stringify(path.join(repoRoot, 'content/pages/_forms/schemas.ts'))}, dataDir: 'data' } } satisfies SiteConfigInput;`,
});
afterAll(() => fs.rmSync(siteDir, { recursive: true, force: true }));

// One answer per field, a choice's as its code.
const answers = Object.fromEntries(
  Object.entries({ name: 'Ada', phone: '+44 20 7946 0958', email: 'ada@example.com', company: 'Analytical Engines' }).concat(
    Object.entries({ problem: 'device-connection', familiarity: 'some-knowledge', source: 'introduced-by-others' }),
  ),
) as Record<keyof FormWords['fields'], string>;
const fields = Object.keys(answers) as (keyof FormWords['fields'])[];
const submission = { id: 's1', form: 'questionnaire', receivedAt: '2026-01-01T00:00:00.000Z', data: answers };
const setup = { site: 'Shifu', from: 'Shifu <hello@shifu.test>', teamTo: ['team@shifu.test'], domain: 'shifu.test' };

describe('the words of the Shifu forms', () => {
  it('reach the receiver as the schemas module exports them: the pages’ own', async () => {
    const { config } = await loadConfig({ configFile: path.join(siteDir, 'site.config.ts') });
    const { labels } = await loadFormSchemas({ config, siteDir });
    for (const [locale, words] of Object.entries(formWords)) expect(labelsFor(labels, locale), locale).toEqual({ fields: words.fields, choices: words.choices });
  });

  for (const [locale, words] of Object.entries(formWords)) {
    it(`name each field one way in ${locale}: errors, mail rows and export columns`, async () => {
      const { config } = await loadConfig({ configFile: path.join(siteDir, 'site.config.ts') });
      const { labels } = await loadFormSchemas({ config, siteDir });
      const [visitor, team] = bookingMails({ ...setup, labels }, { submission, locale });
      const csv = exportSubmissions({ records: [submission], format: 'csv', fields, labels: labelsFor(labels, locale) }).split('\r\n');
      for (const field of fields) {
        const name = words.fields[field];
        // Errors: an empty field, and (phone, email) one of the wrong form.
        expect(fieldMessage(words, words.required, field), field).toContain(name);
        expect(fieldMessage(words, words.invalid, field).toLowerCase(), field).toContain(name.toLowerCase());
        // The visitor's mail, in their language; the team's, in English.
        expect(visitor.text, field).toContain(`\n${name}: `);
        expect(visitor.html, field).toContain(`<th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${name}</th>`);
        expect(team.text, field).toContain(`\n${formWords.en.fields[field]}: `);
        // The export's column.
        expect(csv[0].split(','), field).toContain(name);
      }
      // A chosen option reads as the form showed it, never as its code.
      for (const field of ['problem', 'familiarity', 'source'] as const) {
        const label = (words.choices[field] as Record<string, string>)[answers[field]];
        expect(visitor.text).toContain(`${words.fields[field]}: ${label}`);
        expect(csv[1]).toContain(label);
        expect(visitor.text + visitor.html + csv.join('\n')).not.toContain(answers[field]);
      }
    });
  }

  it("spell every English word of the forms and their mails the site's way (British), one wording per field", () => {
    const en = formWords.en;
    const mail = mailTexts('en').texts;
    const all = JSON.stringify([en, mail]);
    for (const american of [/organization/i, /\bcolor\b/i, /\bcenter\b/i, /\blicense\b/i]) expect(all).not.toMatch(american);
    expect(all).not.toMatch(/Company\/|E-mail|\bEmail\b(?! address)/);
    // No two fields share a name, in any language.
    for (const words of Object.values(formWords)) expect(new Set(Object.values(words.fields)).size).toBe(fields.length);
  });
});
