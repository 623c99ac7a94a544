import type { BlogListPageData, BlogArchivePageData, BlogTagsPageData, BlogAuthorsPageData } from '../../shared/types.js';
import { useT } from '../context.js';
import { Layout } from './Layout.js';
import { Markdown } from '../components/Markdown.js';
import { Link } from '../components/Link.js';
import { BlogAuthor } from '../components/BlogAuthor.js';
import { TagsList } from '../components/TagsList.js';
import { BlogColumns, PostMeta, Tags } from './Blog.js';

// The blog's index pages (lists of posts, archive, tags, authors): a chunk of their own, loaded on
// their routes only (registry.tsx), since the pages readers land on are its posts.

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
            <Link href={content.author.allAuthorsPath}>{t('theme.blog.authorsList.viewAll')}</Link>
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
              <Link className="pagination-nav__link pagination-nav__link--prev" href={content.previousPage}>
                <span className="pagination-nav__label">{t('theme.blog.paginator.newerEntries')}</span>
              </Link>
            ) : (
              <span />
            )}
            {content.nextPage ? (
              <Link className="pagination-nav__link pagination-nav__link--next" href={content.nextPage}>
                <span className="pagination-nav__label">{t('theme.blog.paginator.olderEntries')}</span>
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
