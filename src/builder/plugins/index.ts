import type { ContentPlugin } from './api.js';
import { docsPlugin } from './docs/index.js';
import { blogPlugin } from './blog/index.js';
import { pagesPlugin } from './pages/index.js';
import { searchPagePlugin } from './searchPage/index.js';

// The registry of content plugins: one line per plugin, in planning order (which is also the order
// of the routes, and so of the pages written). A site's build may add more through
// BuildOptions.plugins (see test/fixtures/changelog-plugin).

const builtinPlugins: ContentPlugin[] = [docsPlugin, blogPlugin, pagesPlugin, searchPagePlugin];

/** The plugins of a build: the built-in ones, then those passed in. */
export function sitePlugins(extra: ContentPlugin[] = []): ContentPlugin[] {
  return [...builtinPlugins, ...extra];
}

export type { ContentPlugin };

// Docusaurus plugins of the site's config (plugins/docusaurus/): the lifecycle the build runs around these.
export {
  runDocusaurusPlugins,
  docusaurusRoutesPlugin,
  siteGlobalData,
  withGlobalData,
  runPostBuild,
  refusedPlugin,
  REFUSED_PLUGINS,
  SKIPPED_PLUGINS,
  bundleAdditions,
  pluginClientModules,
  extendSite,
  namePatterns,
  type DocusaurusHost,
} from './docusaurus/index.js';
