import type { SiteConfig } from '../config/schema.js';
import type { ContentPlugin } from '../plugins/api.js';
import { scanPages } from '../content/pageFiles.js';
import type { PageSource } from '../content/pageFiles.js';
import { markdownFiles, pluginContents } from '../site/markdownFiles.js';

// The scan stage, first of every run: the React pages the bundles are made of, what each content
// plugin loads once (folders, category files; the pages plugin its folder) and every markdown file
// they will read (parsed next, on the executor's threads).

export interface Scanned {
  /** The pages folder's files: React pages are chunks of the bundles, markdown pages are content. */
  pageSources: PageSource[];
  /** Every markdown file of the locales built, translations included. */
  files: string[];
  /** What each content plugin loaded (`load`, once per run, in the plugins' order): its markdown files and its plans read it. */
  contents: unknown[];
}

export function scanStage(params: { config: SiteConfig; siteDir: string; locale?: string; plugins: ContentPlugin[] }): Scanned {
  const { config, siteDir, plugins } = params;
  const contents = pluginContents({ config, siteDir, plugins });
  // The pages plugin read the pages folder as it loaded: the bundles take their React pages from it.
  const pagesAt = plugins.findIndex((p) => p.name === 'pages');
  return {
    pageSources: pagesAt >= 0 ? (contents[pagesAt] as PageSource[]) : scanPages({ siteDir, pages: config.pages }),
    files: markdownFiles({ config, siteDir, locales: params.locale ? [params.locale] : config.i18n.locales, plugins, contents }),
    contents,
  };
}
