import type { DocCategoryIndexPageData } from '../../shared/types.js';
import { useSite, useT } from '../context.js';
import { plural } from '../../shared/strings.js';
import { Breadcrumbs } from '../components/Breadcrumbs.js';
import { DocPaginator } from '../components/Pagination.js';
import { Link } from '../components/Link.js';
import { DocVersionBadge, DocVersionBanner } from '../components/DocVersion.js';
import { DOC_CARD_STYLES as styles } from '../../shared/docCards.js';

// A category's generated index (Docusaurus's DocCategoryGeneratedIndexPage): the category's title and
// description, then one card per item (shared/docCards.ts), in its sidebar, with previous/next.

/** A category's generated index inside the docs shell (DocPage.tsx's DocRoot, which draws the sidebar). */
export function DocCategoryIndexBody({ content }: { content: DocCategoryIndexPageData }) {
  const t = useT();
  const { page } = useSite();
  return (
    <div className="doc-content no-toc doc-generated-index">
      <DocVersionBanner content={content} pluginId={content.pluginId ?? 'default'} version={content.version} />
      <Breadcrumbs items={content.breadcrumbs} current={content.title} />
      <DocVersionBadge version={content.version} />
      <header>
        <h1 className="doc-title">{content.title}</h1>
        {content.description && <p className="doc-generated-index-description">{content.description}</p>}
      </header>
      <ul className="doc-cards" style={styles.list}>
        {content.cards.map((c) => (
          <li key={c.href} className={c.className}>
            <Link href={c.href} className="doc-card" style={styles.card}>
              <h2 style={styles.title}>{c.label}</h2>
              {(c.description ?? c.count !== undefined) && (
                <p style={styles.description}>{c.description ?? plural(t('theme.docs.DocCard.categoryDescription.plurals', { count: c.count! }), c.count!, page.locale)}</p>
              )}
            </Link>
          </li>
        ))}
      </ul>
      <DocPaginator previous={content.previous} next={content.next} />
    </div>
  );
}
