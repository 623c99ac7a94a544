// themeConfig of a Docusaurus config for `init --from-docusaurus`: navbar, footer, announcement bar,
// colour mode, image, metadata, table of contents levels; what sitegen's theme does not have is noted.
import { isObject, copyKeys, noteOthers, type MapContext } from './mapConfig.js';

type Obj = Record<string, unknown>;

const WHY: Record<string, string> = {
  prism: 'sitegen highlights code at build time with one palette of its own (Prism grammars through refractor): the themes and additionalLanguages are not used',
  algolia: "sitegen's search is local (the `search` option): no Algolia index is queried",
  docs: 'the docs sidebar options (hideable, autoCollapseCategories) are not in sitegen',
  blog: "the blog's theme options are not in sitegen",
  zoom: 'no image zoom in sitegen',
  mermaid: 'mermaid diagrams use the markdown.mermaid option',
  liveCodeBlock: 'no live code blocks in sitegen',
};

export function mapThemeConfig(ctx: MapContext, tc: Obj, out: Obj): void {
  copyKeys(tc, out, ['image', 'metadata', 'announcementBar']);
  if (isObject(tc.navbar)) out.navbar = mapNavbar(ctx, tc.navbar);
  if (isObject(tc.footer)) out.footer = tc.footer;
  if (isObject(tc.colorMode)) {
    const cm: Obj = {};
    copyKeys(tc.colorMode, cm, ['defaultMode', 'disableSwitch', 'respectPrefersColorScheme']);
    out.colorMode = cm;
  }
  noteOthers(ctx, {
    from: tc,
    handled: ['image', 'metadata', 'announcementBar', 'navbar', 'footer', 'colorMode', 'tableOfContents'],
    prefix: 'themeConfig.',
    reason: (k) => WHY[k] ?? `sitegen's theme has no "${k}" option`,
  });
}

function mapNavbar(ctx: MapContext, navbar: Obj): Obj {
  const out: Obj = {};
  copyKeys(navbar, out, ['title', 'logo', 'hideOnScroll', 'items']);
  if (navbar.style !== undefined) ctx.notes.push({ key: 'themeConfig.navbar.style', reason: "sitegen's navbar has one style" });
  noteOthers(ctx, { from: navbar, handled: ['title', 'logo', 'hideOnScroll', 'items', 'style'], prefix: 'themeConfig.navbar.', reason: (k) => `sitegen's navbar has no "${k}" option` });
  return out;
}
