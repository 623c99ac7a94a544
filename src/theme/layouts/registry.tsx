import type { ComponentType } from 'react';
import type { PageContent } from '../../shared/types.js';
import { DocPage } from './DocPage.js';
import { NotFound } from './NotFound.js';
import { BlogPostPage, BlogListPage, BlogArchivePage, BlogTagsPage } from './Blog.js';
import { ComponentPage, MdxPage } from './ComponentPage.js';
import { SearchPage } from './SearchPage.js';

// Layouts keyed by the page kind. Kinds whose layout is not registered here are registered by the
// module that draws them (blog, pages, search) through registerLayout, so each kind's code can be
// split into its own chunk in the browser.

type LayoutFor<K extends PageContent['kind']> = ComponentType<{ content: Extract<PageContent, { kind: K }> }>;
type Registry = { [K in PageContent['kind']]?: LayoutFor<K> };

const layouts: Registry = {
  doc: DocPage,
  notFound: NotFound as LayoutFor<'notFound'>,
  blogPost: BlogPostPage,
  blogList: BlogListPage,
  blogArchive: BlogArchivePage,
  blogTags: BlogTagsPage,
  componentPage: ComponentPage,
  mdxPage: MdxPage,
  searchPage: SearchPage,
};

export function registerLayout<K extends PageContent['kind']>(kind: K, component: LayoutFor<K>): void {
  (layouts as Record<string, unknown>)[kind] = component;
}

export function layoutFor(kind: PageContent['kind']): ComponentType<{ content: PageContent }> | undefined {
  return layouts[kind] as ComponentType<{ content: PageContent }> | undefined;
}
