/** The search page of a locale with a query: `{baseUrl}search/?q=...` (plus `ctx` / `version` when set). */
export function searchPageUrl(localeBaseUrl: string, query: string, extra: { ctx?: string; version?: string } = {}): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (extra.ctx) params.set('ctx', extra.ctx);
  if (extra.version) params.set('version', extra.version);
  const qs = params.toString();
  return `${localeBaseUrl}search/${qs ? `?${qs}` : ''}`;
}
