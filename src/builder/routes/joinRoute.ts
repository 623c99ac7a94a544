// Joins url segments into a route: what every plugin builds its routes with (a locale's base url, a
// plugin's base path, a page's slug) and the chrome its docs links.

/** Joins url segments into a route with one leading slash and no doubled slashes; keeps a trailing slash of the last part. */
export function joinRoute(...parts: string[]): string {
  const joined = parts
    .filter((p) => p !== '')
    .join('/')
    .replace(/\/{2,}/g, '/');
  return joined.startsWith('/') ? joined : `/${joined}`;
}
