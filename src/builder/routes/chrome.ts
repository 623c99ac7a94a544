import type { SiteConfig } from '../config/schema.js';
import type { LocaleInfo } from '../../shared/types.js';
import type { ResolvedNavbarItem, ResolvedFooter, SiteChrome, NavbarItem } from '../../shared/navbar.js';
import { docsInstanceById, type LocaleDocsInstance } from '../plugins/docs/model.js';
import { joinRoute } from '../plugins/docs/content.js';
import { IMPLICIT_DOCS_PATH, type DocsPluginData } from '../../shared/docsPlugins.js';
import type { SidebarItem } from '../../shared/types.js';
import { SitegenError } from '../errors.js';
import { PATHNAME_PROTOCOL, ensureTrailingSlash, isExternalUrl, pathnameUrl, stripTrailingSlash, withBase } from '../../shared/url.js';
import { searchPointerUrl } from '../passes/search/pointer.js';
import { ownIndexVersions } from '../passes/search/contexts.js';
import { versionLinks, versionTargets } from './docsVersions.js';
import type { DocsVersionModel } from '../plugins/docs/model.js';

// Resolves the configured navbar, footer and announcement bar for one locale: labels translated
// (navbar.json, footer.json), internal links given the locale's base url, doc items turned into urls.
// Config types map to the theme's resolved kinds through this typed registry.

export interface ChromeInputs {
  config: SiteConfig;
  locale: LocaleInfo;
  locales: LocaleInfo[];
  /** The locale's docs instances (none: docs are off), each with its sidebars. */
  docs?: LocaleDocsInstance[];
  navbarStrings: Record<string, string>;
  footerStrings: Record<string, string>;
  strings: Record<string, string>;
  /** Public url of a static file path such as "/img/logo.svg". */
  staticUrl: (p: string) => string;
}

type Resolver = (item: NavbarItem & Record<string, unknown>, ctx: ChromeInputs) => ResolvedNavbarItem;

function localiseHref(to: string, ctx: ChromeInputs): string {
  if (isExternalUrl(to)) return to;
  if (to.startsWith(PATHNAME_PROTOCOL)) return pathnameUrl(ctx.config.baseUrl, to);
  return withBase(ctx.locale.baseUrl, to);
}

const label = (item: { label?: string }, ctx: ChromeInputs, fallback = '') => {
  const l = item.label ?? fallback;
  return ctx.navbarStrings[`item.label.${l}`] ?? l;
};

const position = (item: { position?: 'left' | 'right' }) => item.position ?? 'right';

/** The first sidebar's first link: where version items lead. */
function firstSidebarLink(docs: DocsVersionModel): string | undefined {
  const first = Object.values(docs.sidebars)[0];
  return first ? firstLink(first.items) : undefined;
}

function firstLink(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.href) return item.href;
    if (item.type === 'category') {
      const inner = firstLink(item.items);
      if (inner) return inner;
    }
  }
  return undefined;
}

const resolvers: Record<string, Resolver> = {
  default: (item, ctx) => {
    const raw = (item.to ?? item.href ?? '') as string;
    if (item.html) return { kind: 'html', html: item.html as string, position: position(item), className: item.className };
    const href = item.href ? (item.href as string) : localiseHref(raw, ctx);
    return {
      kind: 'link',
      label: label(item, ctx),
      href,
      external: isExternalUrl(href),
      activeBasePath: item.activeBasePath ? localiseHref(item.activeBasePath as string, ctx) : undefined,
      activeBaseRegex: item.activeBaseRegex as string | undefined,
      className: item.className,
      ariaLabel: item['aria-label'] as string | undefined,
      position: position(item),
    };
  },
  dropdown: (item, ctx) => ({
    kind: 'dropdown',
    label: label(item, ctx),
    href: item.to ? localiseHref(item.to as string, ctx) : (item.href as string | undefined),
    items: ((item.items as NavbarItem[]) ?? []).map((i) => resolveNavbarItem(i, ctx)),
    className: item.className,
    position: position(item),
  }),
  html: (item) => ({ kind: 'html', html: item.value as string, className: item.className, position: position(item) }),
  search: (item) => ({ kind: 'search', position: position(item), className: item.className }),
  doc: (item, ctx) => {
    const instance = requireDocs(ctx, item);
    // The last version's doc, else (a doc removed since) the newest version's that has it.
    const docs = instance.docs.byId.has(item.docId as string) ? instance : (instance.versions.find((v) => v.docs.byId.has(item.docId as string)) ?? instance);
    const doc = docs.docs.byId.get(item.docId as string);
    if (!doc) {
      throw new SitegenError(`Navbar item of type "doc" points at doc "${item.docId}", which does not exist`, [
        { message: JSON.stringify(item), hint: `Known doc ids include: ${[...docs.docs.byId.keys()].slice(0, 8).join(', ')}` },
      ]);
    }
    const targets = versionTargets(instance, (v) => {
      const d = v.docs.byId.get(doc.id);
      return d ? { href: d.permalink, label: label(item, ctx, d.sidebarLabel) } : undefined;
    });
    // With a sidebars file, the item is active on its doc and on the docs of its doc's sidebar, as in
    // Docusaurus; the autogenerated sidebar holds every doc, so the docs path says the same.
    // The doc and the sidebar are the item's instance's (`docsPluginId`): ids repeat across instances.
    const bySidebar = Boolean(docs.sidebarsFile) && !item.activeBaseRegex;
    const activeSidebar = bySidebar ? docs.docSidebar.get(doc.id) : undefined;
    return {
      kind: 'link',
      label: label(item, ctx, doc.sidebarLabel),
      href: doc.permalink,
      external: false,
      activeBasePath: item.activeBaseRegex || bySidebar ? undefined : docs.docs.version.path === '/' ? ctx.locale.baseUrl : joinUrl(ctx.locale.baseUrl, docs.docs.version.path),
      activeBaseRegex: item.activeBaseRegex as string | undefined,
      ...(bySidebar ? { activeDoc: doc.id, ...(activeSidebar ? { activeSidebar } : {}), ...activePlugin(instance) } : {}),
      ...(targets ? { versionTargets: targets } : {}),
      className: item.className,
      position: position(item),
    };
  },
  docSidebar: (item, ctx) => {
    const instance = requireDocs(ctx, item);
    const docs = instance.sidebars[item.sidebarId as string] ? instance : (instance.versions.find((v) => v.sidebars[item.sidebarId as string]) ?? instance);
    const sidebar = docs.sidebars[item.sidebarId as string];
    if (!sidebar) {
      const known = Object.keys(docs.sidebars);
      throw new SitegenError(`Navbar item of type "docSidebar" names sidebar "${item.sidebarId}", which does not exist`, [
        {
          message: JSON.stringify(item),
          hint: known.length ? `The sidebars of docs instance "${instance.pluginId}" are: ${known.join(', ')}.` : `Docs instance "${instance.pluginId}" has no sidebar (its sidebarPath is false).`,
        },
      ]);
    }
    const href = firstLink(sidebar.items);
    if (!href) {
      throw new SitegenError(`DocSidebarNavbarItem: Sidebar with ID "${item.sidebarId}" doesn't have anything to be linked to.`, [
        { message: JSON.stringify(item), hint: 'Add a doc to the sidebar, or remove this navbar item.' },
      ]);
    }
    const targets = versionTargets(instance, (v) => {
      const target = v.sidebars[item.sidebarId as string];
      const first = target ? firstLink(target.items) : undefined;
      return first ? { href: first } : undefined;
    });
    const versioned = targets ? { versionTargets: targets } : {};
    if (docs.sidebarsFile)
      return {
        kind: 'link',
        label: label(item, ctx),
        href,
        external: false,
        activeSidebar: item.sidebarId as string,
        ...activePlugin(instance),
        ...versioned,
        className: item.className,
        position: position(item),
      };
    return {
      kind: 'link',
      label: label(item, ctx),
      href,
      external: false,
      activeBasePath: joinUrl(ctx.locale.baseUrl, docs.docs.version.path),
      ...versioned,
      className: item.className,
      position: position(item),
    };
  },
  docsVersion: (item, ctx) => {
    const docs = requireDocs(ctx, item);
    const mainDocOf = (v: DocsVersionModel) => (docs.versions.length > 1 ? v.mainDoc?.permalink : undefined) ?? firstSidebarLink(v) ?? joinUrl(ctx.locale.baseUrl, v.docs.version.path);
    const href = item.to ? localiseHref(item.to as string, ctx) : mainDocOf(docs);
    const targets = versionTargets(docs, (v) => ({ href: item.to ? href : mainDocOf(v), label: label(item, ctx, v.docs.version.label) }));
    return {
      kind: 'link',
      label: label(item, ctx, docs.docs.version.label),
      href,
      external: false,
      activeBasePath: joinUrl(ctx.locale.baseUrl, docs.docs.version.path),
      ...(targets ? { versionTargets: targets } : {}),
      className: item.className,
      position: position(item),
    };
  },
  docsVersionDropdown: (item, ctx) => {
    const docs = requireDocs(ctx, item);
    const versions = versionLinks(docs, ctx.locale.baseUrl);
    const before = ((item.dropdownItemsBefore as NavbarItem[] | undefined) ?? []).map((i) => resolveNavbarItem(i, ctx));
    const after = ((item.dropdownItemsAfter as NavbarItem[] | undefined) ?? []).map((i) => resolveNavbarItem(i, ctx));
    const versionItems: ResolvedNavbarItem[] = (versions ?? []).map((v) => ({ kind: 'link', label: v.label, href: v.mainDocUrl, external: false, position: 'right', versionName: v.name }));
    const items = [...before, ...versionItems, ...after];
    // One item or fewer: a plain link (the spec), as a dropdown of one item would be noise.
    if (items.length <= 1) {
      return {
        kind: 'link',
        label: docs.docs.version.label,
        href: firstSidebarLink(docs) ?? joinUrl(ctx.locale.baseUrl, docs.docs.version.path),
        external: false,
        className: item.className,
        position: position(item),
      };
    }
    // Labelled with the version being read (else the preferred one, else the last): the theme swaps the label in.
    const targets = versionTargets(docs, (v) => ({ href: v.mainDoc?.permalink ?? joinUrl(ctx.locale.baseUrl, v.docs.version.path), label: v.docs.version.label }));
    return {
      kind: 'dropdown',
      role: 'version',
      label: docs.docs.version.label,
      href: docs.mainDoc?.permalink,
      items,
      ...(targets ? { versionTargets: targets } : { versionTargets: { pluginId: docs.pluginId, targets: {} } }),
      className: item.className,
      position: position(item),
    };
  },
  localeDropdown: (item, ctx) => ({
    kind: 'dropdown',
    role: 'locale',
    label: label(item, ctx, ctx.locale.label),
    // Hrefs point at each locale's home; the theme swaps in the same page's url in that locale.
    items: ctx.locales.map((l) => ({ kind: 'link', label: l.label, href: l.baseUrl, external: false, position: 'right', className: `locale-${l.locale}` }) as ResolvedNavbarItem),
    className: item.className,
    position: position(item),
  }),
};

/** The docs instance a navbar item links into: its `docsPluginId`, else the default one. */
function requireDocs(ctx: ChromeInputs, item: NavbarItem & Record<string, unknown>): LocaleDocsInstance {
  if (!ctx.docs?.length) {
    throw new SitegenError('A navbar item needs the docs plugin, which is not enabled', [{ message: JSON.stringify(item), hint: 'Enable docs in the config, or remove this item.' }]);
  }
  const pluginId = item.docsPluginId as string | undefined;
  const instance = docsInstanceById(ctx.docs, pluginId);
  if (!instance) {
    throw new SitegenError(`Navbar item of type "${item.type}" names docs instance "${pluginId ?? 'default'}", which does not exist`, [
      { message: JSON.stringify(item), hint: `Set docsPluginId to the id of one of the docs instances: ${ctx.docs.map((d) => `"${d.pluginId}"`).join(', ')}.` },
    ]);
  }
  return instance;
}

/** The instance of an item active by sidebar or doc, named for any but the default one (as the page's content names it). */
function activePlugin(docs: LocaleDocsInstance): { activePluginId?: string } {
  return docs.pluginId === 'default' ? {} : { activePluginId: docs.pluginId };
}

/**
 * The docs instances as the theme's docs hooks read them (id and url prefix). Left out when the site
 * has exactly the instance the theme assumes without it: 'default' at {locale base}docs.
 */
/** The pointer urls of the docs versions that have an index of their own (passes/search/contexts.ts); nothing on a site without versions. */
function versionIndexUrls(ctx: ChromeInputs): { versions?: Record<string, Record<string, string>> } {
  const versions: Record<string, Record<string, string>> = {};
  for (const context of (ctx.docs ?? []).flatMap(ownIndexVersions)) {
    (versions[context.pluginId] ??= {})[context.version] = searchPointerUrl(ctx.config.baseUrl, ctx.locale.locale, context);
  }
  return Object.keys(versions).length ? { versions } : {};
}

function docsPlugins(ctx: ChromeInputs): DocsPluginData[] | undefined {
  const plugins: DocsPluginData[] = (ctx.docs ?? []).map((d) => {
    const versions = versionLinks(d, ctx.locale.baseUrl);
    return { id: d.pluginId, path: stripTrailingSlash(joinRoute(ctx.locale.baseUrl, d.docs.version.path)) || '/', ...(versions ? { versions } : {}) };
  });
  const implicit = plugins.length === 1 && plugins[0].id === 'default' && !plugins[0].versions && plugins[0].path === withBase(ctx.locale.baseUrl, IMPLICIT_DOCS_PATH);
  return implicit ? undefined : plugins;
}

function joinUrl(base: string, path: string): string {
  return ensureTrailingSlash(withBase(`${stripTrailingSlash(base)}/`, path));
}

function resolveNavbarItem(item: NavbarItem, ctx: ChromeInputs): ResolvedNavbarItem {
  const type = item.type ?? 'default';
  const resolver = resolvers[type];
  if (!resolver) throw new SitegenError(`No NavbarItem component found for type "${type}".`, [{ message: JSON.stringify(item) }]);
  return resolver(item as NavbarItem & Record<string, unknown>, ctx);
}

export function resolveChrome(ctx: ChromeInputs): SiteChrome {
  const { config } = ctx;
  const theme = config.themeConfig;
  const navbar = theme.navbar;
  const title = ctx.navbarStrings['title'] || navbar.title;
  return {
    siteTitle: config.title,
    site: { title: config.title, tagline: config.tagline, url: config.url, baseUrl: config.baseUrl, customFields: config.customFields, formsEndpoint: config.forms.endpoint },
    homeHref: ctx.locale.baseUrl,
    logo: navbar.logo
      ? {
          src: isExternalUrl(navbar.logo.src) ? navbar.logo.src : ctx.staticUrl(navbar.logo.src),
          alt: ctx.navbarStrings['logo.alt'] ?? navbar.logo.alt,
          width: navbar.logo.width,
          height: navbar.logo.height,
        }
      : undefined,
    navbarTitle: title,
    navbarItems: (navbar.items as NavbarItem[]).map((i) => resolveNavbarItem(i, ctx)),
    hideOnScroll: navbar.hideOnScroll,
    footer: theme.footer ? resolveFooter(ctx) : undefined,
    announcement: theme.announcementBar ? { ...theme.announcementBar } : undefined,
    strings: ctx.strings,
    locale: ctx.locale.locale,
    baseUrl: ctx.locale.baseUrl,
    siteBaseUrl: config.baseUrl,
    locales: ctx.locales.map((l) => ({ locale: l.locale, label: l.label, baseUrl: l.baseUrl })),
    colorModeSwitch: !theme.colorMode.disableSwitch,
    // The locale's search pointer has a fixed url, known before the index is built.
    search: config.search.enabled
      ? {
          indexUrl: searchPointerUrl(config.baseUrl, ctx.locale.locale),
          hint: config.search.searchBarShortcutHint,
          limit: config.search.searchResultLimits,
          contextLength: config.search.searchResultContextMaxLength,
          ...versionIndexUrls(ctx),
        }
      : undefined,
    analytics: Object.keys(config.analytics).length ? config.analytics : undefined,
    trailingSlash: config.trailingSlash,
    docsPlugins: docsPlugins(ctx),
  };
}

function resolveFooter(ctx: ChromeInputs): ResolvedFooter {
  const footer = ctx.config.themeConfig.footer!;
  const s = ctx.footerStrings;
  const link = (i: { label?: string; to?: string; href?: string; html?: string }) => {
    const href = i.href ?? (i.to ? localiseHref(i.to, ctx) : '#');
    return { label: s[`link.item.label.${i.label}`] ?? i.label ?? '', href, external: isExternalUrl(href), html: i.html };
  };
  const simple = footer.links.length > 0 && !('items' in footer.links[0]);
  const columns = simple
    ? [{ items: (footer.links as { label?: string }[]).map(link) }]
    : (footer.links as { title?: string; items: { label?: string }[] }[]).map((col) => ({
        title: col.title ? (s[`link.title.${col.title}`] ?? col.title) : undefined,
        items: col.items.map(link),
      }));
  return {
    style: footer.style,
    simple,
    columns,
    logo: footer.logo
      ? { ...footer.logo, src: ctx.staticUrl(footer.logo.src), srcDark: footer.logo.srcDark ? ctx.staticUrl(footer.logo.srcDark) : undefined, alt: s['logo.alt'] ?? footer.logo.alt }
      : undefined,
    copyright: footer.copyright ? (s['copyright'] ?? footer.copyright) : undefined,
  };
}
