// A docusaurus.config.js object → a sitegen config object, key by key: what the config loader reads in
// a Docusaurus folder at every build, and what `sitegen init --from-docusaurus` writes (fromDocusaurus.ts). What sitegen has under the same name is copied; the classic preset and the plugins are spread
// over `docs`, `blogs`, `pages`, `themeConfig`, `analytics` (mapPlugins.ts); everything else becomes a
// note saying what was left out and why. Pure: no files are read or written here.
import { mapPresetsAndPlugins } from './mapPlugins.js';
import { isObject, copyKeys, noteOthers, sitePath, type InitNote, type MapContext } from './mapHelpers.js';

export type { InitNote } from './mapHelpers.js';

type Obj = Record<string, unknown>;

export interface MappedConfig {
  config: Record<string, unknown>;
  notes: InitNote[];
}

const SAME_NAME = [
  'title',
  'tagline',
  'url',
  'baseUrl',
  'favicon',
  'trailingSlash',
  'noIndex',
  'onBrokenLinks',
  'onBrokenMarkdownLinks',
  'onBrokenAnchors',
  'onDuplicateRoutes',
  'titleDelimiter',
  'baseUrlIssueBanner',
  'staticDirectories',
  'customFields',
  'headTags',
  'scripts',
  'stylesheets',
];

/** Keys that only tell Docusaurus how to deploy or bundle: they do not change what sitegen builds. */
const NOT_OUTPUT: Record<string, string> = {
  organizationName: 'used by `docusaurus deploy` only',
  projectName: 'used by `docusaurus deploy` only',
  deploymentBranch: 'used by `docusaurus deploy` only',
  githubHost: 'used by `docusaurus deploy` only',
  githubPort: 'used by `docusaurus deploy` only',
  future: "flags of Docusaurus's own bundler and versions (v4, experimental_faster): sitegen has its own build",
  webpack: "options of Docusaurus's webpack build: sitegen bundles with esbuild",
  ssrTemplate: 'sitegen writes its own HTML documents',
};

export function mapDocusaurusConfig(raw: unknown, params: { siteDir: string }): MappedConfig {
  const notes: InitNote[] = [];
  const ctx: MapContext = { siteDir: params.siteDir, notes };
  const config: Obj = {};
  if (!isObject(raw)) return { config, notes: [{ key: '(root)', reason: 'the config did not export an object' }] };
  copyKeys(raw, config, SAME_NAME);
  if (Array.isArray(raw.clientModules)) {
    config.clientModules = raw.clientModules.filter((m): m is string => typeof m === 'string').map((m) => sitePath(ctx, m));
    raw.clientModules.forEach((m, i) => typeof m !== 'string' && notes.push({ key: `clientModules[${i}]`, reason: 'not a file name: sitegen loads client modules by their file' }));
  }
  if (typeof raw.favicon === 'string') config.favicon = raw.favicon;
  const handled = [...SAME_NAME, 'clientModules', 'i18n', 'markdown', 'presets', 'plugins', 'themes', 'themeConfig'];
  if (isObject(raw.i18n)) config.i18n = mapI18n(ctx, raw.i18n);
  if (isObject(raw.i18n) && typeof raw.i18n.path === 'string' && raw.i18n.path !== 'i18n') config.i18nDir = sitePath(ctx, raw.i18n.path);
  const markdown = isObject(raw.markdown) ? mapMarkdown(ctx, raw.markdown, config) : undefined;
  const fromPlugins = mapPresetsAndPlugins(ctx, { presets: raw.presets, plugins: raw.plugins, themes: raw.themes, themeConfig: raw.themeConfig });
  Object.assign(config, fromPlugins);
  // The config's markdown options, with what the themes add (the mermaid theme: `mermaid: true`).
  if (markdown) config.markdown = { ...markdown, ...((fromPlugins.markdown as Obj | undefined) ?? {}) };
  if (isObject(raw.markdown) && raw.markdown.mermaid === true) config.markdown = { ...(config.markdown as Obj), mermaid: true };
  for (const [key, reason] of Object.entries(NOT_OUTPUT)) {
    if (raw[key] !== undefined && !(Array.isArray(raw[key]) && raw[key].length === 0)) notes.push({ key, reason });
  }
  noteOthers(ctx, { from: raw, handled: [...handled, ...Object.keys(NOT_OUTPUT)], prefix: '', reason: () => 'sitegen has no such option' });
  if (isObject(raw.customFields) && isObject(raw.customFields.sitegen)) mapSitegenFields(ctx, raw.customFields.sitegen, config);
  return { config, notes };
}

/**
 * `customFields.sitegen`: options of sitegen that Docusaurus has no name for (`serve`, `forms`...),
 * where a Docusaurus config can hold them and still pass Docusaurus's own validation (which refuses
 * unknown top-level keys and points to `customFields`). Each is taken as the site config's option of
 * that name, unless the mapping already sets it from the Docusaurus config.
 */
function mapSitegenFields(ctx: MapContext, fields: Obj, config: Obj): void {
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (config[key] !== undefined) ctx.notes.push({ key: `customFields.sitegen.${key}`, reason: `the Docusaurus config's own options set ${key}` });
    else config[key] = value;
  }
}

function mapI18n(ctx: MapContext, i18n: Obj): Obj {
  const out: Obj = {};
  copyKeys(i18n, out, ['defaultLocale', 'locales']);
  if (isObject(i18n.localeConfigs)) {
    const configs: Obj = {};
    for (const [locale, c] of Object.entries(i18n.localeConfigs)) {
      if (!isObject(c)) continue;
      const one: Obj = {};
      copyKeys(c, one, ['label', 'direction', 'htmlLang', 'path']);
      noteOthers(ctx, {
        from: c,
        handled: ['label', 'direction', 'htmlLang', 'path'],
        prefix: `i18n.localeConfigs.${locale}.`,
        reason: () => 'sitegen formats dates with the locale itself (htmlLang)',
      });
      configs[locale] = one;
    }
    out.localeConfigs = configs;
  }
  noteOthers(ctx, { from: i18n, handled: ['defaultLocale', 'locales', 'localeConfigs', 'path'], prefix: 'i18n.', reason: () => 'sitegen has no such i18n option' });
  return out;
}

function mapMarkdown(ctx: MapContext, markdown: Obj, config: Obj): Obj {
  const out: Obj = {};
  copyKeys(markdown, out, ['format', 'mermaid']);
  if (isObject(markdown.anchors) && typeof markdown.anchors.maintainCase === 'boolean') out.anchors = { maintainCase: markdown.anchors.maintainCase };
  // Docusaurus 3.9 moved onBrokenMarkdownLinks under markdown.hooks.
  if (isObject(markdown.hooks) && typeof markdown.hooks.onBrokenMarkdownLinks === 'string') config.onBrokenMarkdownLinks = markdown.hooks.onBrokenMarkdownLinks;
  if (isObject(markdown.hooks) && markdown.hooks.onBrokenMarkdownImages !== undefined)
    ctx.notes.push({ key: 'markdown.hooks.onBrokenMarkdownImages', reason: 'a missing markdown image always fails a sitegen build, at its line' });
  noteOthers(ctx, {
    from: markdown,
    handled: ['format', 'mermaid', 'hooks', 'anchors'],
    prefix: 'markdown.',
    reason: (k) => (k === 'mdx1Compat' ? 'sitegen reads MDX 3 syntax; use format: "detect" for files written for MDX 1' : 'sitegen has no such markdown option (remark/rehype plugins are not loaded)'),
  });
  return out;
}
