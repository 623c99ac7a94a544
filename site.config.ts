import type { SiteConfigInput } from './src/builder/config/schema';

// The Shifu website. Everything specific to Shifu lives here, in content/, i18n/ and static/.

const github = 'https://github.com/Edgenesis/shifu';
const discord = 'https://discord.com/invite/2tbdBrkGHv';
const twitter = 'https://twitter.com/ShifuFramework';
/** The website's version: in the footer of every page and in customFields. */
const siteVersion = '0.3.0';

const icon = (href: string, label: string, path: string) =>
  `<a class="navbar-icon-link" href="${href}" target="_blank" rel="noopener noreferrer" aria-label="${label}" title="${label}"><svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path fill="currentColor" d="${path}"/></svg><span class="navbar-icon-label">${label}</span></a>`;

export default {
  title: 'Shifu',
  tagline: 'Kubernetes-native, open-source IoT development framework',
  url: 'https://shifu.dev',
  baseUrl: '/',
  favicon: 'img/favicon.svg',
  titleDelimiter: '|',
  customFields: { siteVersion, github, discord, twitter },
  // A broken page link fails the build; broken markdown links and anchors only warn, as the spec
  // says (the defaults). The test of this site's build (test/integration/builder/shifu-site.test.ts)
  // fails on any warning, so CI stays strict.
  onBrokenLinks: 'throw',
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'zh-Hans'],
    localeConfigs: { en: { label: 'English', htmlLang: 'en' }, 'zh-Hans': { label: '简体中文', htmlLang: 'zh-Hans' } },
  },
  docs: {
    path: 'content/docs',
    routeBasePath: 'docs',
    sidebarId: 'docs',
    editUrl: 'https://github.com/Edgenesis/shifu.dev/edit/main',
  },
  blogs: [
    { id: 'news', path: 'content/news', routeBasePath: 'news', title: 'News', description: 'News about Shifu and the IoT classroom series', onInlineAuthors: 'ignore' },
    {
      id: 'technical-blogs',
      path: 'content/technical-blogs',
      routeBasePath: 'technical-blogs',
      title: 'Tech Blog',
      description: 'Hands-on articles about building IoT systems with Shifu',
      onInlineAuthors: 'ignore',
    },
    { id: 'case-studies', path: 'content/case-studies', routeBasePath: 'case-studies', title: 'Case Studies', description: 'How teams run their devices with Shifu', onInlineAuthors: 'ignore' },
  ],
  pages: { path: 'content/pages' },
  markdown: { mermaid: true },
  themeConfig: {
    customCss: ['content/pages/_styles/pages.css'],
    image: 'img/social-card.jpg',
    colorMode: { defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false },
    docs: { sidebar: { hideable: true } },
    navbar: {
      title: 'Shifu',
      logo: { src: 'img/logo.svg', alt: 'Shifu logo', width: 32, height: 32 },
      items: [
        { to: '/product', label: 'Product', position: 'left' },
        { type: 'doc', docId: 'intro', label: 'Docs', position: 'left' },
        { to: '/technical-blogs', label: 'Tech Blog', position: 'left' },
        { type: 'search', position: 'right' },
        { type: 'localeDropdown', position: 'right' },
        {
          type: 'html',
          position: 'right',
          value: icon(
            github,
            'GitHub',
            'M12 .5C5.65.5.5 5.65.5 12a11.5 11.5 0 0 0 7.86 10.91c.58.1.79-.25.79-.56v-2c-3.2.7-3.87-1.37-3.87-1.37-.52-1.33-1.28-1.69-1.28-1.69-1.04-.71.08-.7.08-.7 1.15.08 1.76 1.18 1.76 1.18 1.03 1.75 2.69 1.25 3.35.96.1-.74.4-1.25.73-1.54-2.55-.29-5.24-1.28-5.24-5.68 0-1.26.45-2.28 1.18-3.09-.12-.29-.51-1.46.11-3.04 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.62 1.58.23 2.75.11 3.04.74.81 1.18 1.83 1.18 3.09 0 4.41-2.69 5.38-5.26 5.67.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 23.5 12C23.5 5.65 18.35.5 12 .5Z',
          ),
        },
        {
          type: 'html',
          position: 'right',
          value: icon(
            discord,
            'Discord',
            'M20.32 4.37A19.8 19.8 0 0 0 15.4 2.85a13.7 13.7 0 0 0-.63 1.29 18.4 18.4 0 0 0-5.55 0 12.6 12.6 0 0 0-.64-1.29 19.7 19.7 0 0 0-4.92 1.52C.54 9.05-.31 13.6.12 18.1a19.9 19.9 0 0 0 6.03 3.05c.49-.66.92-1.36 1.29-2.1a12.9 12.9 0 0 1-2.03-.97l.5-.39a14.2 14.2 0 0 0 12.18 0l.5.39c-.65.38-1.33.71-2.04.98.37.73.8 1.43 1.29 2.09a19.8 19.8 0 0 0 6.04-3.05c.5-5.22-.86-9.73-3.56-13.73ZM8.02 15.33c-1.18 0-2.16-1.08-2.16-2.42s.95-2.42 2.16-2.42 2.18 1.09 2.16 2.42c0 1.34-.95 2.42-2.16 2.42Zm7.97 0c-1.19 0-2.16-1.08-2.16-2.42s.95-2.42 2.16-2.42 2.18 1.09 2.16 2.42c0 1.34-.95 2.42-2.16 2.42Z',
          ),
        },
        {
          type: 'html',
          position: 'right',
          value: icon(
            twitter,
            'X (Twitter)',
            'M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.68l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23Zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64Z',
          ),
        },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Learn',
          items: [
            { label: 'Introduction', to: '/docs/introduction' },
            { label: 'Quick install', to: '/docs/tutorials/demo-install' },
            { label: 'Connect devices', to: '/docs/guides/cases/' },
            { label: 'API reference', to: '/docs/references/api/edgedevice' },
          ],
        },
        {
          title: 'Community',
          items: [
            { label: 'GitHub', href: github },
            { label: 'Discord', href: discord },
            { label: 'X (Twitter)', href: twitter },
            { label: 'Contribute', to: '/docs/community/contribute-shifu' },
          ],
        },
        {
          title: 'Product',
          items: [
            { label: 'Overview', to: '/product/' },
            { label: 'Features', to: '/product/feature/' },
            { label: 'Enterprise services', to: '/product/service/' },
            { label: 'Deployment', to: '/deployment/' },
            { label: 'Plans', to: '/deployment/plancard/' },
          ],
        },
        {
          title: 'More',
          items: [
            { label: 'Tech Blog', to: '/technical-blogs' },
            { label: 'News', to: '/news' },
            { label: 'Case Studies', to: '/case-studies' },
            { label: 'About us and jobs', to: '/product/introduce/' },
            // Words of no language, so both locales show it as it is.
            { html: `<span class="footer-link footer-version" translate="no">shifu.dev v${siteVersion}</span>` },
          ],
        },
        {
          title: 'Get in touch',
          items: [
            { label: 'Try the demo', to: '/demo/' },
            { label: 'Book a demo', to: '/bookDemo/' },
            { label: 'Subscribe', to: '/subscribe/' },
            { label: 'Disclaimer', to: '/disclaimer/' },
          ],
        },
      ],
      copyright: 'Copyright © 2022–2026 Edgenesis. Shifu is open source under the Apache License 2.0.',
    },
  },
  search: { language: ['en', 'zh'] },
  // Page views (anonymised IP), heat maps and the Chinese analytics service. Nothing is sent from
  // `sitegen dev`, nor for visitors with Do Not Track or Global Privacy Control on; the disclaimer
  // page says what is collected.
  analytics: {
    gtag: { trackingID: 'G-7QK2SHF9XD', anonymizeIP: true },
    hotjar: { applicationId: '3718264' },
    baidu: { siteId: '5c1e9a7f3b2d4e6a8c0f1b3d5e7a9c24' },
  },
  // The book-a-demo questionnaire and the newsletter: the pages and the receiver share these schemas.
  // Point forms.endpoint at another url to receive them elsewhere (see the README). Mail goes through
  // the SMTP url in $SITEGEN_SMTP_URL; without it, dev and serve write .eml files to .sitegen/forms/mail.
  forms: {
    schemas: 'content/pages/_forms/schemas.ts',
    mail: {
      transport: 'SITEGEN_SMTP_URL',
      from: 'Shifu <hello@shifu.dev>',
      teamTo: ['demo@shifu.dev'],
      replyTo: 'hello@shifu.dev',
      kinds: { questionnaire: 'booking', subscribe: 'subscription' },
    },
  },
} satisfies SiteConfigInput;
