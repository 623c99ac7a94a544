import type { SiteConfig } from '../config/schema.js';
import type { LocaleModel } from '../routes/manifest.js';
import type { ParsedMarkdown, ParsedMeta } from '../markdown/parse.js';
import type { ProblemCollector } from '../errors.js';
import type { StaticFiles } from './staticFiles.js';
import type { ContentPlugin } from '../plugins/types.js';

// The site model, what planning (loadSite.ts) returns and every later stage reads: types only, so
// that stages and plugins can name it without importing the planner.

export interface SiteModel {
  config: SiteConfig;
  siteDir: string;
  locales: LocaleModel[];
  staticFiles: StaticFiles;
  problems: ProblemCollector;
  /** Every markdown file parsed, once: absolute path → what was read of it (the tree stays with its parser). */
  parsed: Map<string, ParsedMeta>;
  /** Urls that exist without being pages (feeds, sitemap), for the link check. */
  extraLinkTargets: string[];
  /** The content plugins that planned the routes, and render them. */
  plugins: ContentPlugin[];
}

export interface ParseCache {
  get(file: string, source: string): ParsedMarkdown | undefined;
  set(file: string, source: string, parsed: ParsedMarkdown): void;
}
