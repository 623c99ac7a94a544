// A docs page (a doc, or a category's generated index) as the chrome reads it: its instance, sidebar,
// version and copies in the other versions, which the theme's navbar items and version dropdown read
// of a page (theme/components/navbar/items.tsx, theme/docsVersions/candidates.ts). The builder's
// navbar stand-in (builder/render/navbarMarkup.ts), which must key its templates by what those items
// read, asks here: the core names no page kind of the docs plugin (test/unit/architecture.test.ts).
import type { DocCategoryIndexPageData, DocPageData, PageContent } from './types.js';

/** The page's content when it is a docs page, which shows a docs sidebar and version; else undefined. */
export function docsPageOf(content: PageContent): DocPageData | DocCategoryIndexPageData | undefined {
  return content.kind === 'doc' || content.kind === 'docCategoryIndex' ? content : undefined;
}

/** The page's content when it shows a doc (navbar items active on a doc compare its id); else undefined. */
export function docOf(content: PageContent): DocPageData | undefined {
  return content.kind === 'doc' ? content : undefined;
}
