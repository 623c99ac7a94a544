// The layouts that are chunks of their own in the browser, by page kind: the module (in this folder)
// that registry.tsx imports on demand. The builder preloads a page's layout chunk on its routes
// (bundle/client.ts). The docs page's layout and the small one of markdown and React pages
// (ComponentPage.tsx) are in the runtime itself; the blog's, a category index's, the tags', the search
// page's and the 404 page's are not, so a docs page (where most readers land) does not carry them.

export const lazyLayouts = {
  docCategoryIndex: 'DocCategoryIndexPage',
  notFound: 'NotFound',
  blogPost: 'Blog',
  blogList: 'BlogLists',
  blogArchive: 'BlogLists',
  blogTags: 'BlogLists',
  blogAuthors: 'BlogLists',
  docTags: 'DocTagsPage',
  docTag: 'DocTagsPage',
  searchPage: 'SearchPage',
} as const;

export type LazyLayoutKind = keyof typeof lazyLayouts;
