import { useContext } from 'react';
import type { ComponentPageData, MdxPageData } from '../../shared/types.js';
import { PagesContext, useSite } from '../context.js';
import { Layout } from './Layout.js';
import { Markdown } from '../components/Markdown.js';
import { TOC } from '../components/TOC.js';

/** A React page of the site (content/pages/*.tsx); it draws its own Layout. */
export function ComponentPage({ content }: { content: ComponentPageData }) {
  const pages = useContext(PagesContext);
  const Page = pages[content.component];
  if (!Page) throw new Error(`The page component "${content.component}" is not loaded (does its module have a default export?)`);
  return <Page />;
}

/** A markdown page of the site (content/pages/*.md). */
export function MdxPage({ content }: { content: MdxPageData }) {
  const { page } = useSite();
  const showToc = !content.hideToc && content.toc.length > 0;
  return (
    <Layout>
      <main className="container mdx-page">
        <div className="doc-container">
          <article className="doc-content">
            {!content.hasOwnTitle && <h1>{content.title}</h1>}
            <Markdown html={page.bodyHtml} />
          </article>
          {showToc && (
            <div className="doc-toc">
              <TOC items={content.toc} />
            </div>
          )}
        </div>
      </main>
    </Layout>
  );
}
