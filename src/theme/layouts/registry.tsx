import type { ComponentType } from 'react';
import type { PageContent } from '../../shared/types.js';
import { DocRoot, registerCategoryIndexBody } from './DocPage.js';
import { ComponentPage, MdxPage } from './ComponentPage.js';
import type { LazyLayoutKind } from './lazyLayouts.js';

// Layouts keyed by the page kind: the layout the app draws for each kind of page. Those listed in
// lazyLayouts.ts are loaded on demand (a chunk each in the browser): the browser loads the one of the
// page it shows before drawing it, the server loads them all before rendering.

type Kind = PageContent['kind'];
type LayoutFor<K extends Kind> = ComponentType<{ content: Extract<PageContent, { kind: K }> }>;
type Registry = { [K in Kind]?: LayoutFor<K> };

const layouts: Registry = {
  doc: DocRoot,
  componentPage: ComponentPage,
  mdxPage: MdxPage,
};

// Each import names its module literally (the bundler makes it a chunk): the same modules as lazyLayouts.ts.
const loaders: { [K in LazyLayoutKind]: () => Promise<LayoutFor<K>> } = {
  // The same component as a doc's (so the sidebar stays mounted between them), once the index's body is loaded.
  docCategoryIndex: () =>
    import('./DocCategoryIndexPage.js').then((m) => {
      registerCategoryIndexBody(m.DocCategoryIndexBody);
      return DocRoot;
    }),
  notFound: () => import('./NotFound.js').then((m) => m.NotFound as LayoutFor<'notFound'>),
  blogPost: () => import('./Blog.js').then((m) => m.BlogPostPage),
  blogList: () => import('./BlogLists.js').then((m) => m.BlogListPage),
  blogArchive: () => import('./BlogLists.js').then((m) => m.BlogArchivePage),
  blogTags: () => import('./BlogLists.js').then((m) => m.BlogTagsPage),
  blogAuthors: () => import('./BlogLists.js').then((m) => m.BlogAuthorsPage),
  docTags: () => import('./DocTagsPage.js').then((m) => m.DocTagsPage),
  docTag: () => import('./DocTagsPage.js').then((m) => m.DocTagPage),
  searchPage: () => import('./SearchPage.js').then((m) => m.SearchPage),
};

/** Loads the layout of a kind of page, if it is not loaded yet; rejects when its chunk cannot be fetched. */
export async function loadLayout(kind: Kind): Promise<void> {
  if (layouts[kind] || !(kind in loaders)) return;
  const lazy = kind as LazyLayoutKind;
  (layouts as Record<string, unknown>)[lazy] = await loaders[lazy]();
}

/** Loads every layout: the server renders pages of all kinds. */
export async function loadAllLayouts(): Promise<void> {
  await Promise.all((Object.keys(loaders) as Kind[]).map(loadLayout));
}

export function layoutFor(kind: Kind): ComponentType<{ content: PageContent }> | undefined {
  return layouts[kind] as ComponentType<{ content: PageContent }> | undefined;
}
