// Docusaurus plugins and themes sitegen does not run, because it does their work itself or cannot do
// what they need: name → the reason and what to write instead. `sitegen build` fails on them (naming
// the config line), `init --from-docusaurus` reports them with the same words. A plugin whose
// configureWebpack adds loaders is refused as it runs (lifecycle.ts): what it needs is in its result.

export const SKIPPED_PLUGINS: Record<string, string> = {
  // Sass is compiled by sitegen itself (with the site's `sass` package): the plugin's webpack loader is not needed.
  'docusaurus-plugin-sass': 'sitegen compiles .scss and .sass files itself, with the site\'s own "sass" package: the plugin is not needed',
};

export const REFUSED_PLUGINS: Record<string, string> = {
  '@docusaurus/plugin-content-blog': 'sitegen has its own blog plugin: write the instance under `blogs: [...]`',
  '@docusaurus/plugin-content-pages': 'sitegen has its own pages plugin: write its options under `pages`',
  '@docusaurus/plugin-sitemap': 'sitegen writes sitemap.xml itself',
  '@docusaurus/plugin-google-gtag': 'sitegen loads gtag itself: write `analytics: { gtag: { trackingID } }`',
  '@docusaurus/plugin-google-analytics': 'sitegen loads gtag itself: write `analytics: { gtag: { trackingID } }`',
  '@docusaurus/plugin-debug': "it shows Docusaurus's own internals",
  '@docusaurus/plugin-ideal-image':
    'it needs webpack loaders (@docusaurus/responsive-loader and @docusaurus/lqip-loader) to resize images at build time; sitegen has no webpack: use ordinary <img> or import the image',
  '@docusaurus/plugin-pwa': 'it needs webpack to build its service worker (workbox-webpack-plugin)',
  '@docusaurus/theme-classic': "sitegen's theme is built in (the classic theme's components, class names and Infima)",
  '@docusaurus/theme-mermaid': 'sitegen draws mermaid diagrams itself: write `markdown: { mermaid: true }`',
  '@docusaurus/theme-search-algolia': 'sitegen has its own local search (`search`)',
  '@easyops-cn/docusaurus-search-local': 'sitegen has its own local search (`search`)',
};

/** Why sitegen refuses a plugin module, or undefined when it runs it. */
export function refusedPlugin(name: string): string | undefined {
  return REFUSED_PLUGINS[name];
}
