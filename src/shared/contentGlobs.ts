// The default globs of the content plugins' `include` and `exclude` options, as Docusaurus's: here, not
// with the builder's file listing (builder/content/files.ts), because the plugins' option schemas
// (builder/plugins/*/options.ts, which the config schema composes) may import only src/shared and
// the plugin API, and the plugin API's types import the config schema.

/**
 * Docusaurus's default `exclude` of its content plugins: files and folders whose name starts with `_`
 * (partials, helpers), and tests.
 */
export const GLOB_EXCLUDE_DEFAULT = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'];
/** The default `include` of the docs and blog plugins. */
export const MARKDOWN_INCLUDE_DEFAULT = ['**/*.{md,mdx}'];
/** The default `include` of the pages plugin: React pages and markdown pages. */
export const PAGES_INCLUDE_DEFAULT = ['**/*.{js,jsx,ts,tsx,md,mdx}'];
