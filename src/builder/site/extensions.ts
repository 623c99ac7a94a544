import type { SiteConfig } from '../config/schema.js';
import type { LocaleModel } from '../routes/manifest.js';
import type { ParsedMeta } from '../markdown/parse.js';
import type { ProblemCollector } from '../errors.js';
import type { StaticFiles } from './staticFiles.js';
import type { readLocaleStrings } from './i18nFiles.js';
import { blogExtension } from '../plugins/blog/plan.js';
import { pagesExtension } from '../plugins/pages/plan.js';
import { searchPageExtension } from '../plugins/searchPage/index.js';

// Content plugins beyond docs (blogs, pages) plug into planning through this list: each adds its
// routes and source → url entries for one locale. Rendering of their routes is registered in
// src/builder/render/renderers.ts under the same route type.

export interface SiteExtensionContext {
  config: SiteConfig;
  siteDir: string;
  locale: LocaleModel;
  localeStrings: ReturnType<typeof readLocaleStrings>;
  parse: (file: string) => ParsedMeta;
  problems: ProblemCollector;
  production: boolean;
  staticFiles: StaticFiles;
  /** Urls an extension writes that are not pages (feeds): links to them are not broken. */
  extraLinkTargets: string[];
}

export interface SiteExtension {
  name: string;
  plan?: (ctx: SiteExtensionContext) => void;
}

export const extensions: SiteExtension[] = [blogExtension, pagesExtension, searchPageExtension];
