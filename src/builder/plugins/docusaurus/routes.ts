import fs from 'node:fs';
import path from 'node:path';
import type { RouteConfig } from './types.js';

// A route a plugin adds (actions.addRoute), made into what sitegen renders: its component a React file
// the bundles load as a page (keyed `docusaurus:<file relative to the site>`), its `modules` read into
// props (createData's files and other JSON, as Docusaurus's loader gives the page each module's value)
// and its `props` as they are. Docusaurus applies the site's trailingSlash to the path; so does this.

export interface AddedRoute {
  path: string;
  /** The component's file, and its key among the bundles' pages. */
  file: string;
  key: string;
  props: Record<string, unknown>;
  pluginName: string;
  pluginId: string;
}

const EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '.mjs', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

function existing(base: string): string | undefined {
  for (const ext of EXTENSIONS) {
    const f = base + ext;
    if (fs.existsSync(f) && fs.statSync(f).isFile()) return f;
  }
  return undefined;
}

/** The file of a route component: a path, `@site/...`, or `@theme/X` of the plugins' theme folders or the site's src/theme. */
export function componentFile(component: string, params: { siteDir: string; themeDirs: string[] }): string | undefined {
  if (component.startsWith('@site/')) return existing(path.join(params.siteDir, component.slice('@site/'.length)));
  if (component.startsWith('@theme/')) {
    const name = component.slice('@theme/'.length);
    for (const dir of [path.join(params.siteDir, 'src/theme'), ...params.themeDirs]) {
      const f = existing(path.join(dir, name));
      if (f) return f;
    }
    return undefined;
  }
  return path.isAbsolute(component) ? existing(component) : undefined;
}

export function routeKey(file: string, siteDir: string): string {
  const rel = path.relative(siteDir, file).split(path.sep).join('/');
  return `docusaurus:${rel.startsWith('..') ? file.split(path.sep).join('/') : rel}`;
}

/** Each prop of `modules`: a module path (or `{ __import: true, path }`) read as JSON, nested objects kept. */
export function moduleProps(modules: Record<string, unknown> | undefined, describe: string): Record<string, unknown> {
  const read = (value: unknown, key: string): unknown => {
    if (typeof value === 'string' || (value && typeof value === 'object' && (value as { __import?: boolean }).__import)) {
      const file = typeof value === 'string' ? value : String((value as { path: string }).path);
      const bare = file.replace(/\?.*$/, '');
      if (!/\.json$/i.test(bare) || !fs.existsSync(bare)) {
        throw new Error(
          `${describe}: the module "${file}" of prop "${key}" is not a JSON file; sitegen passes createData's files and JSON modules to route components (import other code in the component itself)`,
        );
      }
      return JSON.parse(fs.readFileSync(bare, 'utf8')) as unknown;
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, read(v, `${key}.${k}`)]));
    return value;
  };
  return Object.fromEntries(Object.entries(modules ?? {}).map(([k, v]) => [k, read(v, k)]));
}

/** The path with the site's trailingSlash applied (Docusaurus's applyRouteTrailingSlash); the base url itself is left as it is. */
export function routePath(p: string, trailingSlash: boolean | undefined, baseUrl: string): string {
  if (trailingSlash === undefined || p === baseUrl || p === '/') return p;
  return trailingSlash ? (p.endsWith('/') ? p : `${p}/`) : p.replace(/\/+$/, '');
}

export type { RouteConfig };
