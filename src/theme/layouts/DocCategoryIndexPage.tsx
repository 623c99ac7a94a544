import type { DocCategoryIndexPageData } from '../../shared/types.js';
import { useT } from '../context.js';
import { plural } from '../strings.js';
import { Breadcrumbs } from '../components/Breadcrumbs.js';
import { Pagination } from '../components/Pagination.js';
import { Link } from '../components/Link.js';
import { DocVersionBadge, DocVersionBanner } from '../components/DocVersion.js';

// A category's generated index (Docusaurus's DocCategoryGeneratedIndexPage): the category's title and
// description, then one card per item, in its sidebar, with previous/next. Styled inline, so that sites
// without generated indexes ship the same stylesheet.

const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))', gap: '1rem', margin: '1.5rem 0', padding: 0, listStyle: 'none' } as const;
const card = { display: 'block', height: '100%', padding: '1rem 1.25rem', border: '1px solid var(--c-border, #dadde1)', borderRadius: '8px', color: 'inherit' } as const;

/** A category's generated index inside the docs shell (DocPage.tsx's DocRoot, which draws the sidebar). */
export function DocCategoryIndexBody({ content }: { content: DocCategoryIndexPageData }) {
  const t = useT();
  return (
    <div className="doc-content no-toc doc-generated-index">
      <DocVersionBanner content={content} pluginId={content.pluginId ?? 'default'} version={content.version} />
      <Breadcrumbs items={content.breadcrumbs} current={content.title} />
      <DocVersionBadge version={content.version} />
      <header>
        <h1 className="doc-title">{content.title}</h1>
        {content.description && <p className="doc-generated-index-description">{content.description}</p>}
      </header>
      <ul className="doc-cards" style={grid}>
        {content.cards.map((c) => (
          <li key={c.href} className={c.className}>
            <Link href={c.href} className="doc-card" style={card}>
              <h2 style={{ margin: '0 0 0.5rem', fontSize: '1.15rem' }}>{c.label}</h2>
              {(c.description ?? c.count !== undefined) && (
                <p style={{ margin: 0, fontSize: '0.9rem', opacity: 0.8 }}>{c.description ?? plural(t('theme.docs.DocCard.categoryDescription.plurals', { count: c.count! }), c.count!)}</p>
              )}
            </Link>
          </li>
        ))}
      </ul>
      <Pagination
        label={t('theme.docs.paginator.navAriaLabel')}
        previous={content.previous}
        next={content.next}
        previousLabel={t('theme.docs.paginator.previous')}
        nextLabel={t('theme.docs.paginator.next')}
      />
    </div>
  );
}
