import type { HeadMeta, PageData } from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { LocaleModel } from '../routes/manifest.js';
import { localeBaseUrl, staticUrl } from '../../shared/url.js';

/**
 * What a page's head is made from: the site's config and locales, and the page's locale (a route's
 * RenderContext, written out here so that this module, which plugins reach through the plugin API,
 * does not import that API back).
 */
export interface HeadContext {
  site: { config: SiteConfig; locales: readonly Pick<LocaleModel, 'info'>[] };
  locale: Pick<LocaleModel, 'info' | 'pageStrings'>;
}

/** Head metadata of a route: "Page | Site" title, canonical url, hreflang alternates for every locale. */
export function headFor(params: {
  ctx: HeadContext;
  route: string;
  title?: string;
  description?: string;
  keywords?: string[];
  image?: string;
  noindex?: boolean;
  ogType?: HeadMeta['ogType'];
  feeds?: HeadMeta['feeds'];
}): HeadMeta {
  const { ctx } = params;
  const config = ctx.site.config;
  const delimiter = config.titleDelimiter;
  // The tagline is written in the default locale's language, and no locale translates it: a page
  // of another locale never shows it.
  const tagline = ctx.locale.info.locale === config.i18n.defaultLocale ? config.tagline : '';
  const title = params.title ? `${params.title} ${delimiter} ${config.title}` : tagline ? `${config.title} ${delimiter} ${tagline}` : config.title;
  const localeBase = ctx.locale.info.baseUrl;
  const rest = params.route.startsWith(localeBase) ? params.route.slice(localeBase.length) : params.route.replace(/^\//, '');
  const alternates = ctx.site.config.i18n.locales.map((l) => {
    const info = ctx.site.locales.find((m) => m.info.locale === l)?.info;
    const base = info?.baseUrl ?? localeBaseUrl(config.baseUrl, l === config.i18n.defaultLocale ? undefined : l);
    return { locale: l, htmlLang: config.i18n.localeConfigs[l]?.htmlLang ?? l, href: base + rest };
  });
  const image = params.image ?? config.themeConfig.image;
  return {
    title,
    // A page of another locale with no description of its own has none, as every page of the kind
    // has in Docusaurus (tags and authors lists, docs tags, generated indexes).
    description: params.description ?? (tagline || undefined),
    keywords: params.keywords,
    image: image ? staticUrl(config.baseUrl, image) : undefined,
    canonical: params.route,
    noindex: params.noindex ?? false,
    alternates,
    ogType: params.ogType ?? 'website',
    ...(params.feeds?.length ? { feeds: params.feeds } : {}),
  };
}

/**
 * The page of a React component (a site's page, a Docusaurus plugin's route): its head as planned, which
 * the component's <Layout title description> completes while it renders; `props` when it gets some.
 */
export function componentPageData(params: { ctx: HeadContext; route: { path: string; unlisted?: boolean }; component: string; props?: Record<string, unknown> }): PageData {
  const { ctx, route } = params;
  const locale = ctx.locale.info.locale;
  return {
    route: route.path,
    locale,
    head: headFor({ ctx, route: route.path, noindex: route.unlisted }),
    content: { kind: 'componentPage', component: params.component, ...(params.props && Object.keys(params.props).length ? { props: params.props } : {}) },
    chromeKey: locale,
    ...(Object.keys(ctx.locale.pageStrings).length ? { strings: ctx.locale.pageStrings } : {}),
  };
}
