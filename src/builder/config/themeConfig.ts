import * as z from 'zod';

// `themeConfig` of the site config: what the theme draws around the content (navbar, footer,
// announcement bar, color mode, the docs sidebar's behaviour, code block colours, mermaid, site CSS),
// with Docusaurus's names. Every object is strict so that a misspelt key is reported; navbar items
// are checked against their registry (navbarItems.ts) after parsing. config/schema.ts composes this.

const navbarItemLoose = z.looseObject({ type: z.string().optional() });

/** The navbar's and the footer's logo: its `alt` (and for the navbar `target` and `className`) differ. */
function logoSchema<Alt extends z.ZodType, More extends z.ZodRawShape>(alt: Alt, more: More) {
  return z.strictObject({
    src: z.string(),
    /** The logo in dark mode (Docusaurus's option); both are in the page, CSS shows one. */
    srcDark: z.string().optional(),
    alt,
    /** Where the logo links (navbar default: the locale's home page). */
    href: z.string().optional(),
    ...more,
    width: z.number().optional(),
    height: z.number().optional(),
  });
}

const navbarSchema = z.strictObject({
  title: z.string().optional(),
  logo: logoSchema(z.string().default(''), { target: z.string().optional(), className: z.string().optional() }).optional(),
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
  logo: logoSchema(z.string().optional(), {}).optional(),
  copyright: z.string().optional(),
});

const announcementBarSchema = z.strictObject({
  id: z.string().default('announcement-bar'),
  content: z.string(),
  backgroundColor: z.string().default('#fff'),
  textColor: z.string().default('#000'),
  isCloseable: z.boolean().default(true),
});

/** A prism-react-renderer theme object (`themes.github`), as a docusaurus.config.js gives it. */
const prismThemeSchema = z.looseObject({
  plain: z.record(z.string(), z.union([z.string(), z.number()])),
  styles: z.array(z.looseObject({ types: z.array(z.string()), style: z.record(z.string(), z.union([z.string(), z.number()])), languages: z.array(z.string()).optional() })),
});

export const themeConfigSchema = z.strictObject({
  navbar: navbarSchema.default({ hideOnScroll: false, items: [] }),
  footer: footerSchema.optional(),
  announcementBar: announcementBarSchema.optional(),
  colorMode: z
    .strictObject({
      /** The mode of a first visit (without a stored choice or, with respectPrefersColorScheme, the system's). */
      defaultMode: z.enum(['light', 'dark']).default('light'),
      /** sitegen's default is true (a fixed mode, no switch in the navbar); Docusaurus's is false. */
      disableSwitch: z.boolean().default(true),
      /** Follow the system's light or dark preference on a first visit. */
      respectPrefersColorScheme: z.boolean().default(false),
    })
    .default({ defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false }),
  /** Docusaurus's themeConfig.docs: `versionPersistence` of the preferred docs version; the sidebar's `hideable` (a button that hides it, remembered) and `autoCollapseCategories`. */
  docs: z
    .strictObject({
      /** Where the reader's preferred docs version is kept: local storage, or only for the visit ('none'). */
      versionPersistence: z.enum(['localStorage', 'none']).default('localStorage'),
      sidebar: z
        .strictObject({
          hideable: z.boolean().default(false),
          /** Opening a category closes the other categories of its list (Docusaurus's option). */
          autoCollapseCategories: z.boolean().default(false),
        })
        .default({ hideable: false, autoCollapseCategories: false }),
    })
    .default({ versionPersistence: 'localStorage', sidebar: { hideable: false, autoCollapseCategories: false } }),
  /** Social card image (path under static/ or absolute url). */
  image: z.string().optional(),
  metadata: z.array(z.record(z.string(), z.string())).default([]),
  /**
   * Code block colours (Docusaurus's option): `theme` and `darkTheme` are prism-react-renderer theme
   * objects, applied to the build-time highlighting; `additionalLanguages` are Prism's languages whose
   * grammars are loaded besides the common set sitegen always has (markdown/highlight.ts).
   */
  prism: z
    .strictObject({
      theme: prismThemeSchema.optional(),
      darkTheme: prismThemeSchema.optional(),
      additionalLanguages: z.array(z.string()).default([]),
      /** The language of a code block that names none (Docusaurus's option; default: plain text). */
      defaultLanguage: z.string().min(1).optional(),
      /** Comments that mark lines of code blocks with a class (Docusaurus's option; default: highlight-next-line, highlight-start/-end). */
      magicComments: z
        .array(z.strictObject({ className: z.string().min(1), line: z.string().min(1).optional(), block: z.strictObject({ start: z.string().min(1), end: z.string().min(1) }).optional() }))
        .optional(),
    })
    .optional(),
  /** Site stylesheets (relative to the site folder), bundled after the theme's own CSS. */
  customCss: z.array(z.string()).default([]),
  /**
   * Docusaurus's theme-mermaid options: the mermaid theme per color mode (the site is light: `light`
   * is drawn) and `options` handed to mermaid's `initialize` as they are.
   */
  mermaid: z
    .strictObject({
      theme: z.strictObject({ light: z.string().default('default'), dark: z.string().default('dark') }).default({ light: 'default', dark: 'dark' }),
      options: z.record(z.string(), z.unknown()).default({}),
    })
    .default({ theme: { light: 'default', dark: 'dark' }, options: {} }),
});
