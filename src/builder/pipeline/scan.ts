import type { SiteConfig } from '../config/schema.js';
import type { ContentPlugin } from '../plugins/types.js';
import { scanPages } from '../plugins/pages/scan.js';
import type { PageSource } from '../plugins/pages/scan.js';
import { markdownFiles } from '../site/markdownFiles.js';

// The scan stage, first of every run: the React pages the bundles are made of (read once, here) and
// every markdown file the content plugins will read (parsed next, on the executor's threads).

export interface Scanned {
  /** The pages folder's files: React pages are chunks of the bundles, markdown pages are content. */
  pageSources: PageSource[];
  /** Every markdown file of the locales built, translations included. */
  files: string[];
}

export function scanStage(params: { config: SiteConfig; siteDir: string; locale?: string; plugins: ContentPlugin[] }): Scanned {
  const { config, siteDir } = params;
  return {
    pageSources: scanPages({ siteDir, pages: config.pages }),
    files: markdownFiles({ config, siteDir, locales: params.locale ? [params.locale] : config.i18n.locales, plugins: params.plugins }),
  };
}
