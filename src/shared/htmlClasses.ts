import type { PageContent } from './types.js';

// The classes Docusaurus puts on <html> for a page (theme-common's HtmlClassNameProvider: the plugin's
// `plugin-<name> plugin-id-<id>`, the wrapper and page classes of ThemeClassNames, a doc's version and
// id), which a site's CSS and scripts target. Written once: the server's document
// (builder/render/htmlDocument.ts) and the client's navigations (client/router.tsx).

const plugin = (name: string, id: string | undefined) => [`plugin-${name}`, `plugin-id-${id ?? 'default'}`];

export function htmlClassName(content: PageContent): string {
  switch (content.kind) {
    case 'doc':
      return ['docs-wrapper', ...plugin('docs', content.pluginId), content.version.className ?? `docs-version-${content.version.name}`, 'docs-doc-page', `docs-doc-id-${content.docId}`].join(' ');
    case 'docCategoryIndex':
      return ['docs-wrapper', ...plugin('docs', content.pluginId), content.version.className ?? `docs-version-${content.version.name}`, 'docs-doc-page'].join(' ');
    case 'docTags':
      return [...plugin('docs', undefined), 'docs-tags-list-page'].join(' ');
    case 'docTag':
      return [...plugin('docs', undefined), 'docs-tags-doc-list-page'].join(' ');
    case 'blogPost':
      return ['blog-wrapper', ...plugin('blog', content.blogId), 'blog-post-page'].join(' ');
    case 'blogList':
      return ['blog-wrapper', ...plugin('blog', content.blogId), 'blog-list-page'].join(' ');
    case 'blogArchive':
      return ['blog-wrapper', ...plugin('blog', content.blogId), 'blog-archive-page'].join(' ');
    case 'blogTags':
      return ['blog-wrapper', ...plugin('blog', content.blogId), 'blog-tags-list-page'].join(' ');
    case 'blogAuthors':
      return ['blog-wrapper', ...plugin('blog', content.blogId), 'blog-authors-list-page'].join(' ');
    case 'mdxPage':
      return ['mdx-wrapper', ...plugin('pages', undefined), 'mdx-page'].join(' ');
    case 'componentPage':
      return plugin('pages', undefined).join(' ');
    default:
      return '';
  }
}
