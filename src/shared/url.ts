// Url helpers shared by the builder, the theme and the browser runtime.

/** Joins path segments with single slashes; keeps a trailing slash on the last one. */
export function joinPath(...parts: string[]): string {
  const joined = parts.filter(Boolean).join('/').replace(/\/{2,}/g, '/');
  return joined.startsWith('/') ? joined : `/${joined}`;
}

/** Applies the site's trailing-slash rule to an internal url (query and hash kept). */
export function applyTrailingSlash(url: string, trailingSlash: boolean | undefined): string {
  if (trailingSlash === undefined) return url;
  const m = /^([^?#]*)(.*)$/.exec(url)!;
  let path = m[1];
  if (path === '' || path === '/' || /\.[a-z0-9]+$/i.test(path)) return url;
  path = trailingSlash ? (path.endsWith('/') ? path : `${path}/`) : path.replace(/\/+$/, '');
  return path + m[2];
}

/** The output file of a route: "/docs/x" → "docs/x/index.html", "/404.html" stays. */
export function routeToFile(route: string, trailingSlash: boolean | undefined): string {
  const path = decodeURIComponent(route).replace(/^\//, '');
  if (/\.html?$/.test(path)) return path;
  if (path === '' || path.endsWith('/')) return `${path}index.html`;
  return trailingSlash === false ? `${path}.html` : `${path}/index.html`;
}

/** Where a route's page data lives for client navigation. */
export function routeToDataFile(route: string): string {
  const path = decodeURIComponent(route).replace(/^\//, '').replace(/\.html?$/, '');
  return `${path === '' || path.endsWith('/') ? path : `${path}/`}__page.json`;
}

/** Compares two pathnames ignoring a trailing slash and percent-encoding. */
export function samePathname(a: string, b: string): boolean {
  const norm = (p: string) => {
    try {
      p = decodeURI(p);
    } catch {
      /* keep as is */
    }
    return p.replace(/\/index\.html$/, '/').replace(/\/$/, '') || '/';
  };
  return norm(a) === norm(b);
}

export function encodePathname(path: string): string {
  return path
    .split('/')
    .map((seg) => encodeURIComponent(decodeSafe(seg)))
    .join('/');
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
