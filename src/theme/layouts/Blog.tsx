// A blog post's page, and the blog's shell (columns, a post's meta line, its tags) that the index
// pages (BlogLists.tsx) share.

import type { ReactNode } from 'react';
import type { BlogPostPageData, BlogPostSummary, BlogSidebar as BlogSidebarData } from '../../shared/types.js';
import { useSite, useT } from '../context.js';
import { Layout } from './Layout.js';
import { Markdown } from '../components/Markdown.js';
import { Link } from '../components/Link.js';
import { TOC, TOCCollapsible } from '../components/TOC.js';
import { Pagination } from '../components/Pagination.js';
import { plural } from '../../shared/strings.js';
import { UnlistedBanner } from './DocPage.js';
import { BlogAuthor } from '../components/BlogAuthor.js';
import { LastUpdated } from '../components/LastUpdated.js';

function BlogSidebar({ sidebar }: { sidebar: BlogSidebarData }) {
  const t = useT();
  const { page } = useSite();
  return (
    <aside className="blog-sidebar">
      <nav aria-label={t('theme.blog.sidebar.navAriaLabel')}>
        <div className="blog-sidebar-title">{sidebar.title}</div>
        <ul>
          {sidebar.items.map((item) => (
            <li key={item.permalink}>
              <Link href={item.permalink} className={item.permalink === page.route ? 'active' : undefined} aria-current={item.permalink === page.route ? 'page' : undefined}>
                {item.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

/** The blog's two columns (its sidebar, then the page), inside the layout: every blog page but the archive. No posts to list (blogSidebarCount: 0): no sidebar, as in Docusaurus. */
export function BlogColumns({ sidebar, children }: { sidebar: BlogSidebarData; children: ReactNode }) {
  return (
    <Layout wrapperClassName="blog-wrapper">
      <div className="blog-page container-wide">
        {sidebar.items.length > 0 && <BlogSidebar sidebar={sidebar} />}
        {children}
      </div>
    </Layout>
  );
}

export function PostMeta({ post }: { post: BlogPostSummary }) {
  const t = useT();
  const { page } = useSite();
  return (
    <div className="blog-post-meta">
      <time dateTime={post.date}>{post.formattedDate}</time>
      {post.readingTime !== undefined && (
        <>
          <span> · </span>
          <span>{plural(t('theme.blog.post.readingTime.plurals', { readingTime: post.readingTime }), post.readingTime, page.locale)}</span>
        </>
      )}
      {post.authors.length > 0 && (
        <div className="blog-authors">
          {post.authors.map((a, i) => (
            <BlogAuthor author={a} key={i} />
          ))}
        </div>
      )}
    </div>
  );
}

export function Tags({ tags }: { tags: { label: string; permalink: string }[] }) {
  const t = useT();
  if (!tags.length) return null;
  return (
    <div className="blog-tags">
      <b>{t('theme.tags.tagsListLabel')}</b>
      {tags.map((tag) => (
        <Link key={tag.permalink} className="tag" href={tag.permalink}>
          {tag.label}
        </Link>
      ))}
    </div>
  );
}

export function BlogPostPage({ content }: { content: BlogPostPageData }) {
  const { page } = useSite();
  const t = useT();
  const { post } = content;
  return (
    <BlogColumns sidebar={content.sidebar}>
      <main className="blog-main">
        {content.unlisted && <UnlistedBanner />}
        {content.toc.length > 0 && <TOCCollapsible items={content.toc} />}
        <article className="blog-post">
          <header>
            <h1 className="blog-post-title">{post.title}</h1>
            <PostMeta post={post} />
          </header>
          <Markdown html={page.bodyHtml} />
          <footer className="blog-post-footer">
            <Tags tags={post.tags} />
            {content.editUrl && (
              <Link href={content.editUrl} className="edit-link">
                {t('theme.common.editThisPage')}
              </Link>
            )}
            {content.lastUpdate && <LastUpdated at={content.lastUpdate.at} by={content.lastUpdate.by} />}
          </footer>
        </article>
        <Pagination
          label={t('theme.blog.post.paginator.navAriaLabel')}
          previous={content.previous}
          next={content.next}
          previousLabel={t('theme.blog.post.paginator.newerPost')}
          nextLabel={t('theme.blog.post.paginator.olderPost')}
        />
      </main>
      {content.toc.length > 0 && (
        <div className="doc-toc">
          <TOC items={content.toc} />
        </div>
      )}
    </BlogColumns>
  );
}
