import { interpolate } from './strings.js';

// translate() can be called outside a component (for an attribute, a title), so the strings of the
// locale being rendered are held here: set before each server render and once in the browser.

let current: Record<string, string> = {};

export function setTranslations(strings: Record<string, string>): void {
  current = strings;
}

/** The strings a page is rendered with: its locale's theme strings, and a React page's own. */
export function pageTranslations(chromeStrings: Record<string, string>, page: { strings?: Record<string, string> }): Record<string, string> {
  return page.strings ? { ...chromeStrings, ...page.strings } : chromeStrings;
}

/** Adds a React page's strings when the client shows it (the first page may have had none). */
export function addTranslations(strings: Record<string, string> | undefined): void {
  if (strings) current = { ...current, ...strings };
}

export interface TranslateParams {
  id?: string;
  message?: string;
  description?: string;
}

/** The message for `id` in the current locale, else the default `message`, with {placeholders} filled. */
export function translate(params: TranslateParams, values?: Record<string, string | number>): string {
  if (!params.id && params.message === undefined) {
    throw new Error('translate() needs an id or a default message: translate({ id: "...", message: "..." })');
  }
  const message = (params.id ? current[params.id] : undefined) ?? params.message ?? params.id!;
  return interpolate(message, values);
}
