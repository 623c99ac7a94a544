import { searchPagePath } from '../../../shared/url.js';

/** The search page of a locale with a query: `{baseUrl}search/?q=...` (plus `ctx` / `version` when set; `search?q=` with `trailingSlash: false`). */
export function searchPageUrl(localeBaseUrl: string, query: string, extra: { ctx?: string; version?: string; trailingSlash?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (extra.ctx) params.set('ctx', extra.ctx);
  if (extra.version) params.set('version', extra.version);
  const qs = params.toString();
  return `${searchPagePath(localeBaseUrl, extra.trailingSlash)}${qs ? `?${qs}` : ''}`;
}
