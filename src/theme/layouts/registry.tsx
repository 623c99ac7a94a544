import type { ComponentType } from 'react';
import type { PageContent } from '../../shared/types.js';
import { DocPage } from './DocPage.js';
import { DocCategoryIndexPage } from './DocCategoryIndexPage.js';
import { NotFound } from './NotFound.js';
import { BlogPostPage, BlogListPage, BlogArchivePage, BlogTagsPage, BlogAuthorsPage } from './Blog.js';
import { ComponentPage, MdxPage } from './ComponentPage.js';
import { SearchPage } from './SearchPage.js';
import { DocTagsPage, DocTagPage } from './DocTagsPage.js';

// Layouts keyed by the page kind: the layout the app draws for each kind of page.

type LayoutFor<K extends PageContent['kind']> = ComponentType<{ content: Extract<PageContent, { kind: K }> }>;
type Registry = { [K in PageContent['kind']]?: LayoutFor<K> };

const layouts: Registry = {
  doc: DocPage,
  docCategoryIndex: DocCategoryIndexPage,
  notFound: NotFound as LayoutFor<'notFound'>,
  blogPost: BlogPostPage,
  blogList: BlogListPage,
  blogArchive: BlogArchivePage,
  blogTags: BlogTagsPage,
  blogAuthors: BlogAuthorsPage,
  docTags: DocTagsPage,
  docTag: DocTagPage,
  componentPage: ComponentPage,
  mdxPage: MdxPage,
  searchPage: SearchPage,
};

export function layoutFor(kind: PageContent['kind']): ComponentType<{ content: PageContent }> | undefined {
  return layouts[kind] as ComponentType<{ content: PageContent }> | undefined;
}
