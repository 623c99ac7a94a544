import { SitegenError } from '../../builder/errors.js';

// What a site calls its form fields and options, per locale: the schemas module's optional `labels`
// export, `{ <locale>: { fields: { <field>: 'Name' }, choices: { <field>: { <value>: 'Label' } } } }`
// (other keys are the site's own). The pages take their words from the same object, so a mail and the
// export name a field and a chosen option as the form did, in the reader's language, never by their
// codes (`device-connection`). A field or value it does not name is shown as it is.

export interface LocaleLabels {
  fields: Record<string, string>;
  choices: Record<string, Record<string, string>>;
}

/** Labels by locale. */
export type FormLabels = Map<string, LocaleLabels>;

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const strings = (v: unknown): v is Record<string, string> => isRecord(v) && Object.values(v).every((s) => typeof s === 'string');

/** The `labels` export checked (undefined: none); `file` is the schemas module, for the error. */
export function readLabels(value: unknown, file: string): FormLabels | undefined {
  if (value === undefined) return undefined;
  const wrong = (message: string) =>
    new SitegenError('Invalid `labels` export of the form schemas module', [
      { message, file, hint: "Export `labels = { en: { fields: { company: 'Company' }, choices: { problem: { 'device-connection': 'Device connection' } } } }`." },
    ]);
  if (!isRecord(value)) throw wrong('expected an object of locales');
  const labels: FormLabels = new Map();
  for (const [locale, entry] of Object.entries(value)) {
    if (!isRecord(entry)) throw wrong(`labels["${locale}"] is not an object`);
    const fields = entry.fields ?? {};
    const choices = entry.choices ?? {};
    if (!strings(fields)) throw wrong(`labels["${locale}"].fields: expected { <field>: '<name>' }`);
    if (!isRecord(choices) || !Object.values(choices).every(strings)) throw wrong(`labels["${locale}"].choices: expected { <field>: { <value>: '<label>' } }`);
    labels.set(locale, { fields, choices: choices as Record<string, Record<string, string>> });
  }
  return labels;
}

/** The labels of a locale: its own, else its language's (`zh` for `zh-TW`), else English's; undefined when there are none. */
export function labelsFor(labels: FormLabels | undefined, locale: string): LocaleLabels | undefined {
  if (!labels) return undefined;
  const language = locale.split('-')[0].toLowerCase();
  return labels.get(locale) ?? [...labels].find(([l]) => l.split('-')[0].toLowerCase() === language)?.[1] ?? labels.get('en');
}

/** A field's label and a value as the reader saw it: the option's label for a choice, else the value. */
export function labelled(labels: LocaleLabels | undefined, field: string, value: unknown): { label: string; value: unknown } {
  const option = typeof value === 'string' ? labels?.choices[field]?.[value] : undefined;
  return { label: labels?.fields[field] ?? field, value: option ?? value };
}
