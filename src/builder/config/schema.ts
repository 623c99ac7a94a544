import { z } from 'zod';

// The schema is the type: SiteConfig is inferred from it. Every object is strict so that a misspelt
// key is reported instead of being ignored.

const url = z.string().regex(/^https?:\/\/[^/]+$/, 'an absolute origin such as "https://example.com" (no path)');
const baseUrl = z.string().regex(/^\/(.*\/)?$/, 'a path that starts and ends with "/"');
/**
 * A Docusaurus option sitegen does not implement: accepted at the value that means what sitegen does
 * anyway (so configs copied from Docusaurus keep working), reported at any other instead of ignored.
 */
const onlyAs = <T extends string | boolean>(value: T) => z.literal(value).optional();

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

export const categoryLinkSchema = z.union([
  z.null(),
  z.strictObject({ type: z.literal('doc'), id: z.string() }),
  z.strictObject({
    type: z.literal('generated-index'),
    slug: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
  }),
]);

const docsVersionSchema = z.strictObject({
  label: z.string().optional(),
  path: z.string().optional(),
  banner: z.enum(['none', 'unreleased', 'unmaintained']).optional(),
});

export const docsSchema = z.strictObject({
  id: z.string().default('default'),
  path: z.string().default('docs'),
  routeBasePath: z.string().default('docs'),
  sidebarId: z.string().default('tutorialSidebar'),
  /** Url prefix of the edit link; the doc's path below the docs folder is appended. */
  editUrl: z.string().optional(),
  editLocalizedFiles: onlyAs(false),
  sidebarCollapsible: z.boolean().default(true),
  sidebarCollapsed: z.boolean().default(true),
  breadcrumbs: z.boolean().default(true),
  showLastUpdateTime: onlyAs(false),
  /** Versions by name: `current` is the docs folder itself. */
  versions: z.record(z.string(), docsVersionSchema).default({}),
  lastVersion: z.string().default('current'),
  tocMinHeadingLevel: z.number().int().min(2).max(6).default(2),
  tocMaxHeadingLevel: z.number().int().min(2).max(6).default(3),
});

const blogSchema = z.strictObject({
  id: z.string(),
  path: z.string(),
  routeBasePath: z.string(),
  title: z.string().default('Blog'),
  description: z.string().default('Blog'),
  blogSidebarTitle: z.string().default('All posts'),
  blogSidebarCount: z.union([z.literal('ALL'), z.number().int().min(0)]).default('ALL'),
  postsPerPage: z.union([z.literal('ALL'), z.number().int().min(1)]).default(10),
  showReadingTime: onlyAs(true),
  archiveBasePath: z.string().default('archive'),
  tagsBasePath: z.string().default('tags'),
  editUrl: z.string().optional(),
  feedOptions: z
    .strictObject({
      type: z.union([z.enum(['rss', 'atom', 'all']), z.null()]).default('all'),
      title: z.string().optional(),
      copyright: z.string().optional(),
    })
    .default({ type: 'all' }),
});

const navbarItemLoose = z.looseObject({ type: z.string().optional() });

const navbarSchema = z.strictObject({
  title: z.string().optional(),
  logo: z
    .strictObject({
      src: z.string(),
      alt: z.string().default(''),
      href: z.string().optional(),
      width: z.number().optional(),
      height: z.number().optional(),
    })
    .optional(),
  hideOnScroll: z.boolean().default(false),
  // Each item is checked against the navbar item registry (navbarItems.ts), which knows the types.
  items: z.array(navbarItemLoose).default([]),
});

const footerLinkSchema = z.strictObject({
  label: z.string().optional(),
  to: z.string().optional(),
  href: z.string().optional(),
  html: z.string().optional(),
});

const footerSchema = z.strictObject({
  style: z.enum(['light', 'dark']).default('dark'),
  links: z.union([z.array(z.strictObject({ title: z.string().optional(), items: z.array(footerLinkSchema) })), z.array(footerLinkSchema)]).default([]),
  logo: z
    .strictObject({
      src: z.string(),
      srcDark: z.string().optional(),
      alt: z.string().optional(),
      href: z.string().optional(),
      width: z.number().optional(),
      height: z.number().optional(),
    })
    .optional(),
  copyright: z.string().optional(),
});

const announcementBarSchema = z.strictObject({
  id: z.string().default('announcement-bar'),
  content: z.string(),
  backgroundColor: z.string().default('#fff'),
  textColor: z.string().default('#000'),
  isCloseable: z.boolean().default(true),
});

const themeConfigSchema = z.strictObject({
  navbar: navbarSchema.default({ hideOnScroll: false, items: [] }),
  footer: footerSchema.optional(),
  announcementBar: announcementBarSchema.optional(),
  colorMode: z
    .strictObject({
      defaultMode: onlyAs('light'),
      disableSwitch: z.boolean().default(true),
      respectPrefersColorScheme: onlyAs(false),
    })
    .default({ disableSwitch: true }),
  /** Social card image (path under static/ or absolute url). */
  image: z.string().optional(),
  metadata: z.array(z.record(z.string(), z.string())).default([]),
  /** Site stylesheets (relative to the site folder), bundled after the theme's own CSS. */
  customCss: z.array(z.string()).default([]),
});

const searchSchema = z.strictObject({
  enabled: z.boolean().default(true),
  /** Languages of the index: `en` always, `zh` adds Chinese segmentation. */
  language: z.array(z.enum(['en', 'zh'])).default(['en']),
  indexDocs: z.boolean().default(true),
  indexBlog: z.boolean().default(true),
  indexPages: z.boolean().default(false),
  searchResultLimits: z.number().int().min(1).max(50).default(8),
  searchResultContextMaxLength: z.number().int().min(10).max(200).default(50),
  searchBarShortcutHint: z.boolean().default(true),
});

const formsSchema = z.strictObject({
  /** Where the site's forms post: the built-in receiver by default, or any other endpoint. */
  endpoint: z.string().default('/api/forms'),
  /** Folder (relative to the site) of the received submissions, one `<form>.jsonl` file per form. */
  dataDir: z.string().default('.sitegen/forms'),
  /** Submissions accepted per client address per minute; more get 429. */
  ratePerMinute: z.number().int().min(1).default(30),
  /** Module (relative to the site) exporting `forms = { <name>: <zod schema> }`, the schemas the pages import too. */
  schemas: z.string().optional(),
  /** Other origins allowed to post (CORS), when the receiver runs on its own host (`sitegen forms`). */
  allowedOrigins: z.array(z.string()).default([]),
});

const analyticsSchema = z.strictObject({
  gtag: z.strictObject({ trackingID: z.string(), anonymizeIP: z.boolean().default(true) }).optional(),
  hotjar: z.strictObject({ applicationId: z.string() }).optional(),
  baidu: z.strictObject({ siteId: z.string() }).optional(),
});

export const siteConfigSchema = z.strictObject({
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
   * The docs instances: one options object (the default instance), a list of them, or false. Read as
   * a list (more come from `plugins`, see docsInstances.ts); each has its own `id`, folder and routes.
   */
  docs: z
    .union([z.literal(false), docsSchema, z.array(docsSchema)])
    .default(() => docsSchema.parse({}))
    .transform((docs): DocsConfig[] => (docs === false ? [] : Array.isArray(docs) ? docs : [docs])),
  /**
   * Docusaurus's `plugins` list, as a docusaurus.config.js writes it: `['@docusaurus/plugin-content-docs',
   * { id, path, routeBasePath, ... }]` adds a docs instance. Other plugins are reported (docsInstances.ts).
   */
  plugins: z.array(z.union([z.string(), z.tuple([z.string()]), z.tuple([z.string(), z.unknown()])])).default([]),
  blogs: z.array(blogSchema).default([]),
  pages: z.union([z.literal(false), z.strictObject({ path: z.string().default('src/pages') })]).default({ path: 'src/pages' }),
  markdown: z
    .strictObject({
      mermaid: z.boolean().default(false),
      /**
       * Raw HTML (JSX) in markdown: `allow` keeps it as written (Docusaurus, trusted authors);
       * `sanitize` strips what can run script or load another document; `error` fails the build there.
       */
      html: z.enum(['allow', 'sanitize', 'error']).default('allow'),
      /** Block quotes, list items, emphasis, links and JSX elements nested in one another (as markdown-it's maxNesting). */
      maxNesting: z.number().int().min(1).max(1000).default(100),
      /** Bytes of one markdown file; a larger file fails the build instead of stalling it. */
      maxFileSize: z
        .number()
        .int()
        .positive()
        .default(1024 * 1024),
    })
    .default({ mermaid: false, html: 'allow', maxNesting: 100, maxFileSize: 1024 * 1024 }),
  themeConfig: themeConfigSchema.default(() => themeConfigSchema.parse({})),
  search: searchSchema.default(() => searchSchema.parse({})),
  forms: formsSchema.default(() => formsSchema.parse({})),
  analytics: analyticsSchema.default({}),
});

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.output<typeof siteConfigSchema>;
export type DocsConfig = z.output<typeof docsSchema>;
export type PluginEntry = z.output<typeof siteConfigSchema>['plugins'][number];
export type BlogConfig = z.output<typeof blogSchema>;
