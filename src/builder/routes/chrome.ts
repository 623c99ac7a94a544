import type { ResolvedNavbarItem, ResolvedFooter, SiteChrome, NavbarItem } from '../../shared/navbar.js';
import { SitegenError } from '../errors.js';
import { itemType } from '../config/navbarItems.js';
import { isExternalUrl } from '../../shared/url.js';
import { searchPointerUrl } from '../passes/search/pointer.js';
import { label, position, localiseHref, type ChromeInputs, type Resolver } from './navbarHelpers.js';

// Resolves the configured navbar, footer and announcement bar for one locale: labels translated
// (navbar.json, footer.json), internal links given the locale's base url, doc items turned into urls.
// Config types map to the theme's resolved kinds through this typed registry; plugins add theirs
// (ContentPlugin.navbarItemTypes: the docs plugin's doc, docSidebar, docsVersion, docsVersionDropdown).

export type { ChromeInputs } from './navbarHelpers.js';

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
      ...(item.target ? { target: item.target as string } : {}),
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

/** The pointer urls of the docs versions that have an index of their own (passes/search/contexts.ts); nothing on a site without versions. */
function versionIndexUrls(ctx: ChromeInputs): { versions?: Record<string, Record<string, string>> } {
  const versions: Record<string, Record<string, string>> = {};
  for (const context of ctx.searchContexts) {
    (versions[context.pluginId] ??= {})[context.version] = searchPointerUrl(ctx.config.baseUrl, ctx.locale.locale, context);
  }
  return Object.keys(versions).length ? { versions } : {};
}

function resolveNavbarItem(item: NavbarItem, ctx: ChromeInputs): ResolvedNavbarItem {
  const type = itemType(item);
  const own = resolvers[type] ? undefined : ctx.navbarItemTypes[type];
  if (own) return own.resolve(item as NavbarItem & Record<string, unknown>, { ...ctx, localeData: own.localeData, resolveItem: (i) => resolveNavbarItem(i, ctx) });
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
    // The logo's `href` (Docusaurus's option) replaces the home link, localised as an item's `to`.
    homeHref: navbar.logo?.href ? (isExternalUrl(navbar.logo.href) ? navbar.logo.href : localiseHref(navbar.logo.href, ctx)) : ctx.locale.baseUrl,
    ...(ctx.homePage ? {} : { noHomePage: true as const }),
    logo: navbar.logo
      ? {
          src: isExternalUrl(navbar.logo.src) ? navbar.logo.src : ctx.staticUrl(navbar.logo.src),
          ...(navbar.logo.srcDark ? { srcDark: isExternalUrl(navbar.logo.srcDark) ? navbar.logo.srcDark : ctx.staticUrl(navbar.logo.srcDark) } : {}),
          alt: ctx.navbarStrings['logo.alt'] ?? navbar.logo.alt,
          width: navbar.logo.width,
          height: navbar.logo.height,
          ...(navbar.logo.className ? { className: navbar.logo.className } : {}),
          ...(navbar.logo.target ? { target: navbar.logo.target } : {}),
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
    ...(theme.docs.sidebar.hideable ? { sidebarHideable: true as const } : {}),
    ...(theme.docs.sidebar.autoCollapseCategories ? { sidebarAutoCollapse: true as const } : {}),
    ...(theme.docs.versionPersistence === 'none' ? { versionPersistence: 'none' as const } : {}),
    ...(theme.colorMode.defaultMode !== 'light' || theme.colorMode.respectPrefersColorScheme
      ? { colorMode: { defaultMode: theme.colorMode.defaultMode, respectPrefersColorScheme: theme.colorMode.respectPrefersColorScheme } }
      : {}),
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
    ...ctx.pluginChrome,
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
