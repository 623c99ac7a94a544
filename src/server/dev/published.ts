import type { BuildResult } from '../../builder/build.js';
import type { SiteConfig } from '../../builder/config/schema.js';
import type { MemorySink } from '../../builder/output/sink.js';
import { routeToDataFile } from '../../shared/url.js';
import type { FileSet } from './snapshot.js';

// What the dev server serves, and how two versions of it differ: which open pages must reload.

export type Served = { data: string | Uint8Array } | { file: string };

/** What is served: a build of this run, or the snapshot of the last run's output until the first build is done. */
export interface Published extends SnapshotMeta {
  files: FileSet;
  copies: Map<string, string>;
  /** The build itself (absent for a snapshot): the fast path renders with it. */
  result?: BuildResult;
}

export interface SnapshotMeta {
  routes: string[];
  /** Every locale's chrome without its search index url: a change reloads every page. */
  chrome: string;
  config: SiteConfig;
  siteDir: string;
}

export function published(result: BuildResult, sink: MemorySink): Published {
  return {
    files: sink.files,
    copies: sink.copies,
    routes: result.rendered.map((r) => r.route.path),
    chrome: JSON.stringify(result.site.locales.map((l) => ({ ...l.chrome, search: undefined }))),
    config: result.site.config,
    siteDir: result.site.siteDir,
    result,
  };
}

/** Page data with its body left out: equal when an edit changed the body text only. */
export function withoutBody(pageData: string): string {
  const data = JSON.parse(pageData) as { page: { bodyHtml?: string } };
  return JSON.stringify({ ...data, page: { ...data.page, bodyHtml: undefined } });
}

/** A page whose body changed, for the "update" event: its new body travels along unless it is large. */
export function updatedPage(route: string, pageData: string | undefined): { path: string; data: string; body?: string } {
  const body = pageData ? (JSON.parse(pageData) as { page: { bodyHtml?: string } }).page.bodyHtml : undefined;
  return { path: route, data: `/${routeToDataFile(route)}`, ...(body !== undefined && body.length < 256 * 1024 ? { body } : {}) };
}

export function textOf(served: Served | undefined): string | undefined {
  if (!served || !('data' in served)) return undefined;
  return typeof served.data === 'string' ? served.data : Buffer.from(served.data).toString('utf8');
}

/**
 * The routes whose page data differs between what was served and the new build, or "all" when
 * what every page shares changed: the bundles, or a locale's chrome (navbar, footer, strings). The
 * search index url is left out: it changes with every edit, and the old index stays servable.
 */
export function changedRoutes(prev: Published, next: Published, overlay: (rel: string) => unknown): string[] | 'all' {
  const bundles = (p: Published) =>
    [...p.files.keys()]
      .filter((k) => /^assets\/(js|css)\//.test(k))
      .sort()
      .join('\n');
  if (bundles(prev) !== bundles(next) || prev.chrome !== next.chrome) return 'all';
  const text = (v: unknown) => (typeof v === 'string' ? v : v instanceof Uint8Array ? Buffer.from(v).toString('utf8') : undefined);
  const paths: string[] = [];
  const now = new Set(next.routes);
  for (const route of next.routes) {
    const file = routeToDataFile(route);
    const before = text(overlay(file)) ?? text(prev.files.get(file));
    if (before !== undefined && before !== text(next.files.get(file))) paths.push(route);
  }
  for (const route of prev.routes) if (!now.has(route)) paths.push(route);
  return paths;
}
