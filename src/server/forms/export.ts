import type { StoredSubmission } from './store.js';
import type { Subscriber } from './subscriptions.js';
import { labelled, type LocaleLabels } from './labels.js';

// `sitegen forms export`: the stored submissions of one form as JSON or CSV. CSV columns are the
// schema's fields in their order (then any other field found), after id and receivedAt. The CSV is
// for people (a spreadsheet): with the site's `labels` (labels.ts, its default locale) its columns
// are the fields' names and a choice's cell the option's label, as the form showed them; the JSON
// keeps the stored keys and values.

export function exportSubmissions(params: { records: StoredSubmission[]; format: 'json' | 'csv'; fields?: string[]; labels?: LocaleLabels }): string {
  const { records } = params;
  if (params.format === 'json') return `${JSON.stringify(records, null, 2)}\n`;
  const fields = [...(params.fields ?? [])];
  for (const r of records) for (const k of Object.keys(r.data ?? {})) if (!fields.includes(k)) fields.push(k);
  const { labels } = params;
  const rows = [
    ['id', 'receivedAt', ...fields.map((f) => labelled(labels, f, undefined).label)],
    ...records.map((r) => [r.id, r.receivedAt, ...fields.map((f) => labelled(labels, f, r.data?.[f]).value)]),
  ];
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * One RFC 4180 cell. A value a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe: submissions are text typed by strangers.
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let s = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * `sitegen forms export <subscription form>`: one row per address with its state; only the confirmed
 * ones (the subscribers) unless `all`.
 */
export function exportSubscribers(params: { subscribers: Subscriber[]; format: 'json' | 'csv'; all?: boolean }): { text: string; count: number } {
  const rows = params.subscribers.filter((s) => params.all || s.state === 'confirmed').map((s) => ({ email: s.email, state: s.state, since: s.since, locale: s.locale ?? '' }));
  if (params.format === 'json') return { text: `${JSON.stringify(rows, null, 2)}\n`, count: rows.length };
  const lines = [['email', 'state', 'since', 'locale'], ...rows.map((r) => [r.email, r.state, r.since, r.locale])];
  return { text: lines.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n', count: rows.length };
}
