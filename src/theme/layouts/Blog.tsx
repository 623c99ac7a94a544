import type { ReactNode } from 'react';
import type { BlogPostPageData, BlogListPageData, BlogArchivePageData, BlogTagsPageData, BlogAuthorsPageData, BlogPostSummary, BlogSidebar as BlogSidebarData } from '../../shared/types.js';
import { useSite, useT } from '../context.js';
import { Layout } from './Layout.js';
import { Markdown } from '../components/Markdown.js';
import { Link } from '../components/Link.js';
import { TOC, TOCCollapsible } from '../components/TOC.js';
import { Pagination } from '../components/Pagination.js';
import { plural } from '../strings.js';
import { UnlistedBanner } from './DocPage.js';
import { BlogAuthor } from '../components/BlogAuthor.js';
import { TagsList } from '../components/TagsList.js';

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

/** The blog's two columns (its sidebar, then the page), inside the layout: every blog page but the archive. */
function BlogColumns({ sidebar, children }: { sidebar: BlogSidebarData; children: ReactNode }) {
  return (
    <Layout wrapperClassName="blog-wrapper">
      <div className="blog-page container-wide">
        <BlogSidebar sidebar={sidebar} />
        {children}
      </div>
    </Layout>
  );
}

function PostMeta({ post }: { post: BlogPostSummary }) {
  const t = useT();
  return (
    <div className="blog-post-meta">
      <time dateTime={post.date}>{post.formattedDate}</time>
      <span> · </span>
      <span>{plural(t('theme.blog.post.readingTime.plurals', { readingTime: post.readingTime }), post.readingTime)}</span>
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

function Tags({ tags }: { tags: { label: string; permalink: string }[] }) {
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

export function BlogListPage({ content }: { content: BlogListPageData }) {
  const t = useT();
  return (
    <BlogColumns sidebar={content.sidebar}>
      <main className="blog-main">
        {content.tag ? (
          <header className="blog-list-header">
            <h1>{content.title}</h1>
            {content.tag.description && <p>{content.tag.description}</p>}
            <Link href={content.tag.allTagsPath}>{t('theme.tags.tagsPageLink')}</Link>
          </header>
        ) : content.author ? (
          <header className="blog-list-header">
            <h1 className="visually-hidden">{content.title}</h1>
            <BlogAuthor author={content.author.author} full imageSize={64} />
            <Link href={content.author.allAuthorsPath}>{t('theme.blog.authorsList.viewAll', {}, 'View all authors')}</Link>
          </header>
        ) : (
          <h1 className="visually-hidden">{content.title}</h1>
        )}
        {content.posts.map((post, i) => (
          <article className="blog-post blog-post-item" key={post.permalink}>
            <header>
              <h2 className="blog-post-title">
                <Link href={post.permalink}>{post.title}</Link>
              </h2>
              <PostMeta post={post} />
            </header>
            <Markdown html={post.excerptHtml} className={`markdown excerpt-${i}`} />
            <footer className="blog-post-footer">
              <Tags tags={post.tags} />
              {post.truncated && (
                <Link href={post.permalink} className="read-more" aria-label={t('theme.blog.post.readMoreLabel', { title: post.title })}>
                  {t('theme.blog.post.readMore')}
                </Link>
              )}
            </footer>
          </article>
        ))}
        {(content.previousPage || content.nextPage) && (
          <nav className="pagination-nav" aria-label={t('theme.blog.paginator.navAriaLabel')}>
            {content.previousPage ? (
              <Link className="pagination-link pagination-prev" href={content.previousPage}>
                <span className="pagination-label">{t('theme.blog.paginator.newerEntries')}</span>
              </Link>
            ) : (
              <span />
            )}
            {content.nextPage ? (
              <Link className="pagination-link pagination-next" href={content.nextPage}>
                <span className="pagination-label">{t('theme.blog.paginator.olderEntries')}</span>
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </main>
    </BlogColumns>
  );
}

export function BlogArchivePage({ content }: { content: BlogArchivePageData }) {
  return (
    <Layout>
      <main className="container blog-archive">
        <h1>{content.title}</h1>
        {content.years.map((y) => (
          <section key={y.year}>
            <h2>{y.year}</h2>
            <ul>
              {y.posts.map((p) => (
                <li key={p.permalink}>
                  <Link href={p.permalink}>
                    <time dateTime={p.date}>{p.formattedDate}</time> — {p.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </main>
    </Layout>
  );
}

export function BlogTagsPage({ content }: { content: BlogTagsPageData }) {
  return (
    <BlogColumns sidebar={content.sidebar}>
      <main className="blog-main">
        <h1>{content.title}</h1>
        <TagsList tags={content.tags} />
      </main>
    </BlogColumns>
  );
}

export function BlogAuthorsPage({ content }: { content: BlogAuthorsPageData }) {
  return (
    <BlogColumns sidebar={content.sidebar}>
      <main className="blog-main">
        <h1>{content.title}</h1>
        <ul className="blog-authors-list">
          {content.authors.map(({ author, count }) => (
            <li key={author.key}>
              <BlogAuthor author={author} full imageSize={64} />
              <span className="tag-count">{count}</span>
            </li>
          ))}
        </ul>
      </main>
    </BlogColumns>
  );
}
