// Helpers of the Docusaurus config mapping (mapConfig.ts, mapPlugins.ts, mapThemeConfig.ts): notes, key copies, site paths.
import path from 'node:path';

/** Something of the Docusaurus config that is not in the sitegen config, and why. */
export interface InitNote {
  /** Key path in docusaurus.config.js, e.g. `themeConfig.prism`. */
  key: string;
  reason: string;
}

/** Context of the mapping: where the site is (to make absolute paths from require.resolve relative). */
export interface MapContext {
  siteDir: string;
  notes: InitNote[];
}

type Obj = Record<string, unknown>;

export const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A path as the site config wants it: relative to the site folder, with forward slashes. */
export function sitePath(ctx: MapContext, p: string): string {
  if (!path.isAbsolute(p)) return p.replace(/\\/g, '/');
  const rel = path.relative(ctx.siteDir, p).split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** Copies `keys` of `from` that are set into `to`, under the same names. */
export function copyKeys(from: Obj, to: Obj, keys: string[]): void {
  for (const k of keys) if (from[k] !== undefined) to[k] = from[k];
}

/** Notes every key of `from` not in `handled`, with `reason`. */
export function noteOthers(ctx: MapContext, params: { from: Obj; handled: string[]; prefix: string; reason: (key: string) => string }): void {
  for (const k of Object.keys(params.from)) {
    if (!params.handled.includes(k) && params.from[k] !== undefined) ctx.notes.push({ key: `${params.prefix}${k}`, reason: params.reason(k) });
  }
}
