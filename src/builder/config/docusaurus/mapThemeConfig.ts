// themeConfig of a Docusaurus config, for the loader and `init --from-docusaurus`: navbar, footer, announcement bar,
// colour mode, prism themes, image, metadata; what sitegen's theme does not have is noted.
import { isObject, copyKeys, noteOthers, type MapContext } from './mapHelpers.js';
import { hasGrammar } from '../../markdown/highlight.js';

type Obj = Record<string, unknown>;

const WHY: Record<string, string> = {
  algolia: "sitegen's search is local (the `search` option): no Algolia index is queried",
  blog: "the blog's theme options are not in sitegen",
  zoom: 'no image zoom in sitegen',
  mermaid: 'mermaid diagrams use the markdown.mermaid option',
  liveCodeBlock: 'no live code blocks in sitegen',
};

export function mapThemeConfig(ctx: MapContext, tc: Obj, out: Obj): void {
  copyKeys(tc, out, ['image', 'metadata', 'announcementBar']);
  if (isObject(tc.navbar)) out.navbar = mapNavbar(ctx, tc.navbar);
  if (isObject(tc.footer)) out.footer = tc.footer;
  // Docusaurus shows the colour mode switch unless told not to; sitegen hides it by default.
  const cm: Obj = { disableSwitch: false };
  if (isObject(tc.colorMode)) copyKeys(tc.colorMode, cm, ['defaultMode', 'disableSwitch', 'respectPrefersColorScheme']);
  out.colorMode = cm;
  if (isObject(tc.prism)) out.prism = mapPrism(ctx, tc.prism);
  if (isObject(tc.docs)) mapDocsTheme(ctx, tc.docs, out);
  noteOthers(ctx, {
    from: tc,
    handled: ['image', 'metadata', 'announcementBar', 'navbar', 'footer', 'colorMode', 'tableOfContents', 'prism', 'docs'],
    prefix: 'themeConfig.',
    reason: (k) => WHY[k] ?? `sitegen's theme has no "${k}" option`,
  });
}

/** themeConfig.docs: `versionPersistence`, and the sidebar's `hideable` and `autoCollapseCategories`. */
function mapDocsTheme(ctx: MapContext, docs: Obj, out: Obj): void {
  const sidebar = isObject(docs.sidebar) ? docs.sidebar : {};
  const kept = Object.fromEntries((['hideable', 'autoCollapseCategories'] as const).filter((k) => typeof sidebar[k] === 'boolean').map((k) => [k, sidebar[k]]));
  const mapped: Obj = {};
  if (docs.versionPersistence === 'localStorage' || docs.versionPersistence === 'none') mapped.versionPersistence = docs.versionPersistence;
  if (Object.keys(kept).length) mapped.sidebar = kept;
  if (Object.keys(mapped).length) out.docs = mapped;
  noteOthers(ctx, { from: sidebar, handled: ['hideable', 'autoCollapseCategories'], prefix: 'themeConfig.docs.sidebar.', reason: (k) => `sitegen's docs sidebar has no "${k}" option` });
  noteOthers(ctx, { from: docs, handled: ['sidebar', 'versionPersistence'], prefix: 'themeConfig.docs.', reason: (k) => `sitegen's theme has no docs "${k}" option` });
}

function mapPrism(ctx: MapContext, prism: Obj): Obj {
  const out: Obj = {};
  copyKeys(prism, out, ['theme', 'darkTheme', 'magicComments', 'defaultLanguage']);
  const languages = Array.isArray(prism.additionalLanguages) ? prism.additionalLanguages.map(String) : [];
  const known = languages.filter((l) => hasGrammar(l));
  if (known.length) out.additionalLanguages = known;
  for (const l of languages.filter((l) => !hasGrammar(l))) {
    ctx.notes.push({ key: 'themeConfig.prism.additionalLanguages', reason: `Prism has no grammar for "${l}": its code blocks are shown as plain text` });
  }
  noteOthers(ctx, {
    from: prism,
    handled: ['theme', 'darkTheme', 'additionalLanguages', 'magicComments', 'defaultLanguage'],
    prefix: 'themeConfig.prism.',
    reason: (k) => `sitegen's code blocks have no "${k}" option`,
  });
  return out;
}

function mapNavbar(ctx: MapContext, navbar: Obj): Obj {
  const out: Obj = {};
  copyKeys(navbar, out, ['title', 'logo', 'hideOnScroll', 'items']);
  if (navbar.style !== undefined) ctx.notes.push({ key: 'themeConfig.navbar.style', reason: "sitegen's navbar has one style" });
  noteOthers(ctx, { from: navbar, handled: ['title', 'logo', 'hideOnScroll', 'items', 'style'], prefix: 'themeConfig.navbar.', reason: (k) => `sitegen's navbar has no "${k}" option` });
  return out;
}
