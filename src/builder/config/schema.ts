import * as z from 'zod';
import { UNUSED_OPTIONS } from './unusedOptions.js';
import { themeConfigSchema } from './themeConfig.js';
import { docsSchema, type DocsConfig } from '../plugins/docs/options.js';
import { blogSchema } from '../plugins/blog/options.js';
import { pagesSchema } from '../plugins/pages/options.js';
import { searchSchema } from '../passes/search/options.js';
// The imports of builder/ into server/: the servers' options, leaf modules (see test/unit/architecture.test.ts).
import { formsSchema } from '../../server/forms/options.js';
import { serveSchema } from '../../server/serve/options.js';

// The schema is the type: SiteConfig is inferred from it. Every object is strict so that a misspelt
// key is reported instead of being ignored. The site-level keys are here; each part with an owner
// (docs, blog, pages, search, forms, themeConfig) is that owner's schema, composed below.

const url = z.string().regex(/^https?:\/\/[^/]+$/, 'an absolute origin such as "https://example.com" (no path)');
const baseUrl = z.string().regex(/^\/(.*\/)?$/, 'a path that starts and ends with "/"');

const localeConfigSchema = z.strictObject({
  label: z.string().optional(),
  direction: z.enum(['ltr', 'rtl']).optional(),
  htmlLang: z.string().optional(),
  path: z.string().optional(),
});

const i18nSchema = z.strictObject({
  defaultLocale: z.string(),
  locales: z.array(z.string()).min(1),
  localeConfigs: z.record(z.string(), localeConfigSchema).default({}),
});

const analyticsSchema = z.strictObject({
  gtag: z.strictObject({ trackingID: z.string(), anonymizeIP: z.boolean().default(true) }).optional(),
  hotjar: z.strictObject({ applicationId: z.string() }).optional(),
  baidu: z.strictObject({ siteId: z.string() }).optional(),
});

const attributeValue = z.union([z.string(), z.boolean()]);
const attributes = z.record(z.string().regex(/^[a-zA-Z_:][\w:.-]*$/, 'an HTML attribute name'), attributeValue);

/** Docusaurus's head additions of every page: `headTags`, `scripts`, `stylesheets`. */
const headSchemas = {
  headTags: z
    .array(z.strictObject({ tagName: z.string().regex(/^[a-z][a-z0-9-]*$/, 'an HTML tag name such as "link" or "meta"'), attributes: attributes.default({}), innerHTML: z.string().optional() }))
    .default([]),
  /** A url, or `{ src, ...attributes }` (async, defer, crossorigin...). */
  scripts: z.array(z.union([z.string(), z.looseObject({ src: z.string() })])).default([]),
  /** A url, or `{ href, ...attributes }` (type, integrity, crossorigin...). */
  stylesheets: z.array(z.union([z.string(), z.looseObject({ href: z.string() })])).default([]),
};

/** A Docusaurus plugin module: `async function plugin(context, options)` (a function of the config). */
const pluginFunction = z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', 'a plugin function');
const pluginModule = z.union([z.string(), pluginFunction]);
/**
 * An entry of Docusaurus's `plugins`/`themes`: a package name, a local path, a function, or `[module,
 * options]`; `false`/`null` entries are skipped, as Docusaurus does (`process.env.X && plugin`).
 */
const pluginEntry = z.union([pluginModule, z.tuple([pluginModule]), z.tuple([pluginModule, z.unknown()]), z.literal(false), z.null()]);

export const siteConfigSchema = z.strictObject({
  ...headSchemas,
  ...UNUSED_OPTIONS,
  title: z.string().min(1),
  tagline: z.string().default(''),
  /** Folder of the site's content, relative to the config file. */
  siteDir: z.string().default('.'),
  url,
  baseUrl: baseUrl.default('/'),
  trailingSlash: z.boolean().optional(),
  favicon: z.string().optional(),
  titleDelimiter: z.string().default('|'),
  noIndex: z.boolean().default(false),
  /** The banner a locale's home page shows when it is served under a base url it was not built for (Docusaurus's option). */
  baseUrlIssueBanner: z.boolean().default(true),
  /**
   * Docusaurus's client modules (files relative to the site, or absolute as `require.resolve` gives
   * them): scripts run in the browser before the page is drawn, and on the server (for side effects),
   * whose `onRouteUpdate` / `onRouteDidUpdate` run at each navigation; stylesheets apply site-wide.
   */
  clientModules: z.array(z.string().min(1)).default([]),
  /** Free-form values a site's pages can read (the site version, social links...). */
  customFields: z.record(z.string(), z.unknown()).default({}),
  onBrokenLinks: z.enum(['throw', 'warn', 'ignore']).default('throw'),
  onBrokenMarkdownLinks: z.enum(['throw', 'warn', 'ignore']).default('warn'),
  onBrokenAnchors: z.enum(['throw', 'warn', 'ignore']).default('warn'),
  onDuplicateRoutes: z.enum(['throw', 'warn', 'ignore']).default('warn'),
  i18n: i18nSchema.default({ defaultLocale: 'en', locales: ['en'], localeConfigs: {} }),
  /** The folder of i18n/<locale>/ files, relative to the site. */
  i18nDir: z.string().default('i18n'),
  staticDirectories: z.array(z.string()).default(['static']),
  outDir: z.string().default('build'),
  /**
   * The build cache's bound in MB (node_modules/.cache/sitegen: persistentCache.ts), the least recently
   * used files removed first after each write; `sitegen build --cache-max-size` overrides it. Default 500.
   */
  cacheMaxSize: z.number({ error: 'a number of megabytes, such as 500' }).positive('a number of megabytes above 0, such as 500').optional(),
  /**
   * The docs instances: one options object (the default instance), a list of them, or false. Read as
   * a list (more come from `plugins`, see docsInstances.ts); each has its own `id`, folder and routes.
   */
  docs: z
    .union([z.literal(false), docsSchema, z.array(docsSchema)])
    .default(() => docsSchema.parse({}))
    .transform((docs): DocsConfig[] => (docs === false ? [] : Array.isArray(docs) ? docs : [docs])),
  /**
   * Docusaurus's `plugins` list, as a docusaurus.config.js writes it: `['@docusaurus/plugin-content-docs',
   * { id, path, routeBasePath, ... }]` adds a docs instance (docsInstances.ts); any other entry is a Docusaurus
   * plugin sitegen runs (plugins/docusaurus/), or refuses with the reason.
   */
  plugins: z.array(pluginEntry).default([]),
  /** Docusaurus's `themes` list: entries as `plugins`' (a theme is a plugin; its theme components come after the site's own). */
  themes: z.array(pluginEntry).default([]),
  blogs: z.array(blogSchema).default([]),
  pages: pagesSchema,
  markdown: z
    .strictObject({
      /**
       * How markdown is read (Docusaurus's option): `mdx` (every file as MDX), `md` (CommonMark + GFM:
       * `<tag>` is raw HTML, `{` is text) or `detect` (`.md` as md, `.mdx` as MDX). Front matter
       * `format` (or `mdx.format`) overrides it per file.
       */
      format: z.enum(['mdx', 'md', 'detect']).default('mdx'),
      /**
       * MDX files read with MDX 1's leniency, as Docusaurus 2 read them: `{` and `<` in markdown text
       * are text; code runs only in JSX blocks, tag attributes and import/export. Set for a Docusaurus 2
       * site read from its docusaurus.config.* (config/docusaurus/fromDocusaurus.ts).
       */
      mdx1: z.boolean().optional(),
      /** ```mermaid blocks and `<Mermaid>` drawn as diagrams (Docusaurus's option); off: shown as code. */
      mermaid: z.boolean().default(false),
      /**
       * A diagram mermaid cannot read: `throw` fails the build at its file:line, `warn` reports it and
       * shows the block as code, `ignore` shows it as code silently.
       */
      onBrokenMermaid: z.enum(['throw', 'warn', 'ignore']).default('throw'),
      /**
       * Raw HTML (JSX) in markdown: `allow` keeps it as written (Docusaurus, trusted authors);
       * `sanitize` strips what can run script or load another document; `error` fails the build there.
       */
      html: z.enum(['allow', 'sanitize', 'error']).default('allow'),
      /** Heading anchors (Docusaurus's option): `maintainCase` keeps the heading's case in its id (`Install-Shifu`). */
      anchors: z.strictObject({ maintainCase: z.boolean().default(false) }).default({ maintainCase: false }),
      /** Block quotes, list items, emphasis, links and JSX elements nested in one another (as markdown-it's maxNesting). */
      maxNesting: z.number().int().min(1).max(1000).default(100),
      /** Bytes of one markdown file; a larger file fails the build instead of stalling it. */
      maxFileSize: z
        .number()
        .int()
        .positive()
        .default(1024 * 1024),
    })
    .default({ format: 'mdx', mermaid: false, onBrokenMermaid: 'throw', html: 'allow', anchors: { maintainCase: false }, maxNesting: 100, maxFileSize: 1024 * 1024 }),
  themeConfig: themeConfigSchema.default(() => themeConfigSchema.parse({})),
  search: searchSchema.default(() => searchSchema.parse({})),
  forms: formsSchema.default(() => formsSchema.parse({})),
  serve: serveSchema,
  analytics: analyticsSchema.default({}),
});

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema> & {
  /** themeConfig keys of the site's Docusaurus plugins (config/pluginThemeConfig.ts), given to them as written. */
  pluginThemeConfig?: Record<string, unknown>;
};
export type PluginEntry = z.output<typeof siteConfigSchema>['plugins'][number];
