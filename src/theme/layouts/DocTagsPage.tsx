import type { DocTagsPageData, DocTagPageData } from '../../shared/types.js';
import { useT } from '../context.js';
import { Layout } from './Layout.js';
import { Link } from '../components/Link.js';
import { TagsList } from '../components/TagsList.js';

// The docs tags pages (as Docusaurus's DocTagsListPage and DocTagDocListPage): every tag of a docs
// version with its number of docs, and one tag's docs with their descriptions.

export function DocTagsPage({ content }: { content: DocTagsPageData }) {
  return (
    <Layout>
      <main className="container doc-tags-page">
        <h1>{content.title}</h1>
        <TagsList tags={content.tags} />
      </main>
    </Layout>
  );
}

export function DocTagPage({ content }: { content: DocTagPageData }) {
  const t = useT();
  return (
    <Layout>
      <main className="container doc-tags-page">
        <header>
          <h1>{content.title}</h1>
          {content.description && <p>{content.description}</p>}
          <Link href={content.allTagsPath}>{t('theme.tags.tagsPageLink')}</Link>
        </header>
        {content.docs.map((doc) => (
          <article key={doc.permalink} className="doc-tag-item">
            <h2>
              <Link href={doc.permalink}>{doc.title}</Link>
            </h2>
            {doc.description && <p>{doc.description}</p>}
          </article>
        ))}
      </main>
    </Layout>
  );
}
