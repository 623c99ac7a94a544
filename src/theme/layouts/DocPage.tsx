import { useEffect, useState, type ComponentType } from 'react';
import type { DocCategoryIndexPageData, DocPageData } from '../../shared/types.js';
import { useSite, useT } from '../context.js';
import { Layout } from './Layout.js';
import { DocSidebar, readSidebarHidden } from '../components/Sidebar.js';
import { TOC, TOCCollapsible } from '../components/TOC.js';
import { Breadcrumbs } from '../components/Breadcrumbs.js';
import { DocPaginator } from '../components/Pagination.js';
import { Markdown } from '../components/Markdown.js';
import { Link } from '../components/Link.js';
import { DocVersionBadge, DocVersionBanner } from '../components/DocVersion.js';
import { LastUpdated } from '../components/LastUpdated.js';

/** A category's generated index, drawn inside the docs shell: its module is a chunk of its own, registered when loaded (registry.tsx). */
let categoryIndexBody: ComponentType<{ content: DocCategoryIndexPageData }> | undefined;
export function registerCategoryIndexBody(body: ComponentType<{ content: DocCategoryIndexPageData }>): void {
  categoryIndexBody = body;
}

/**
 * Every docs route, a doc or a category's generated index, is drawn by this one component (as
 * Docusaurus's DocRoot), so that moving between them on the client keeps the sidebar mounted: the
 * categories a reader opened or closed (and autoCollapseCategories' choice) stay as they are.
 */
export function DocRoot({ content }: { content: DocPageData | DocCategoryIndexPageData }) {
  const { sidebar, chrome } = useSite();
  // Server render and first client render agree (shown); the remembered choice applies after hydration, on a site whose sidebar can be hidden.
  const [sidebarHidden, setSidebarHidden] = useState(false);
  useEffect(() => setSidebarHidden(Boolean(chrome.sidebarHideable) && readSidebarHidden()), [chrome.sidebarHideable]);
  const CategoryIndex = categoryIndexBody;
  if (content.kind !== 'doc' && !CategoryIndex) throw new Error('The generated-index layout is not loaded (layouts/registry.tsx)');
  return (
    <Layout wrapperClassName={docsWrapperClass(content.version)}>
      <div className={`doc-page${sidebarHidden ? ' sidebar-hidden' : ''}`}>
        {/* Keyed by its instance and id: another sidebar (the other docs instance's) starts with its own categories' state. */}
        {sidebar && <DocSidebar key={`${content.pluginId ?? 'default'}:${content.sidebarId ?? ''}`} items={sidebar} hidden={sidebarHidden} onHiddenChange={setSidebarHidden} />}
        <main className="doc-main">
          <div className="doc-container">{content.kind === 'doc' ? <DocBody content={content} /> : CategoryIndex && <CategoryIndex content={content} />}</div>
        </main>
      </div>
    </Layout>
  );
}

/** A doc: its text, footer and pagination, and its table of contents beside them. */
function DocBody({ content }: { content: DocPageData }) {
  const { page, sidebar } = useSite();
  const t = useT();
  const showToc = !content.hideToc && content.toc.length > 0;
  return (
    <>
      <div className={`doc-content${showToc ? '' : ' no-toc'}`}>
        {content.unlisted && <UnlistedBanner />}
        <DocVersionBanner content={content} pluginId={content.pluginId ?? 'default'} version={content.version} />
        {content.breadcrumbs.length > 0 || sidebar ? <Breadcrumbs items={content.breadcrumbs} current={content.title} /> : null}
        <DocVersionBadge version={content.version} />
        {showToc && <TOCCollapsible items={content.toc} />}
        <article>
          {!content.hasOwnTitle && <h1 className="doc-title">{content.title}</h1>}
          <Markdown html={page.bodyHtml} className="theme-doc-markdown markdown" />
        </article>
        {(content.editUrl || content.tags.length > 0 || content.lastUpdate) && (
          <footer className="doc-footer">
            {content.tags.length > 0 && (
              <div className="doc-tags">
                <b>{t('theme.tags.tagsListLabel')}</b>
                {content.tags.map((tag) => (
                  <Link key={tag.permalink} className="tag" href={tag.permalink}>
                    {tag.label}
                  </Link>
                ))}
              </div>
            )}
            {content.editUrl && (
              <Link href={content.editUrl} className="edit-link">
                <svg width="16" height="16" viewBox="0 0 40 40" aria-hidden="true">
                  <path fill="currentColor" d="m34.5 11.7l-3 3.1-6.3-6.3 3.1-3q0.5-0.5 1.2-0.5t1.1 0.5l3.9 3.9q0.5 0.4 0.5 1.1t-0.5 1.2z m-29.5 17.1l18.4-18.5 6.3 6.3-18.4 18.4h-6.3v-6.2z" />
                </svg>
                {t('theme.common.editThisPage')}
              </Link>
            )}
            {content.lastUpdate && <LastUpdated at={content.lastUpdate.at} by={content.lastUpdate.by} />}
          </footer>
        )}
        <DocPaginator previous={content.previous} next={content.next} />
      </div>
      {showToc && (
        <div className="doc-toc">
          <TOC items={content.toc} />
        </div>
      )}
    </>
  );
}

/** The docs wrapper's classes: a versioned instance's pages add their version's class (Docusaurus puts it on <html>). */
export function docsWrapperClass(version: DocPageData['version']): string {
  return version.className ? `docs-wrapper ${version.className}` : 'docs-wrapper';
}

export function UnlistedBanner() {
  const t = useT();
  return (
    <div className="theme-admonition theme-admonition-caution alert alert--warning theme-unlisted-banner unlisted-banner">
      <div className="admonition-heading">{t('theme.unlistedContent.title')}</div>
      <div className="admonition-content">
        <p>{t('theme.unlistedContent.message')}</p>
      </div>
    </div>
  );
}
