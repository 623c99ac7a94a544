// Docusaurus plugins run as they are (README.md of this folder): what the build calls.
export { runDocusaurusPlugins, docusaurusSiteConfig, type DocusaurusHost } from './lifecycle.js';
export { docusaurusRoutesPlugin } from './contentPlugin.js';
export { siteGlobalData, withGlobalData, type GlobalData } from './globalData.js';
export { runPostBuild } from './postBuild.js';
export { REFUSED_PLUGINS, SKIPPED_PLUGINS, refusedPlugin } from './refused.js';
export { bundleAdditions, pluginClientModules, extendSite, type BundleAdditions } from './extend.js';
export { namePatterns } from './load.js';
