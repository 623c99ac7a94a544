import { interpolate } from '../shared/strings.js';

// translate() can be called outside a component (for an attribute, a title), so the strings of the
// locale being rendered are held here: set before each server render and once in the browser.

let current: Record<string, string> = {};

export function setTranslations(strings: Record<string, string>): void {
  current = strings;
}

/** The strings a page is rendered with: its locale's theme strings, and a React page's own. */
export function pageTranslations(chromeStrings: Record<string, string>, page: { strings?: Record<string, string> }): Record<string, string> {
  // Object.assign, not a spread of both: V8 spreads a second object of hundreds of keys into the copy
  // of a first one property by property, 5-8 ms for the Shifu site's 79 + 456 strings against 0.1 ms
  // (a cold Shifu build rendered 16 such pages; the browser does it at every page load).
  return page.strings ? Object.assign({}, chromeStrings, page.strings) : chromeStrings;
}

/** Adds a React page's strings when the client shows it (the first page may have had none). */
export function addTranslations(strings: Record<string, string> | undefined): void {
  if (strings) current = Object.assign({}, current, strings);
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
