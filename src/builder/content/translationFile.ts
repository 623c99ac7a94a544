// Reads an i18n JSON file in Docusaurus's layout (code.json, navbar.json, a docs version's or a blog's
// options): { "id": { "message": "...", "description": "..." } } into id → message. Every plugin and
// the core's locale strings read their translations with it.
import fs from 'node:fs';
import { SitegenError } from '../errors.js';
import { readText } from './readText.js';

/** Reads an i18n JSON file of { key: { message } } into key → message; missing file → {}. */
export function readTranslationFile(file: string): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  const text = readText(file);
  // An empty file means "nothing translated yet" (Docusaurus accepts it too).
  if (!text.trim()) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new SitegenError('Invalid translation file', [{ message: (e as Error).message, file, hint: 'Translation files are JSON: { "id": { "message": "...", "description": "..." } }.' }]);
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string') out[k] = (v as { message: string }).message;
    else if (typeof v === 'string') out[k] = v;
  }
  return out;
}
