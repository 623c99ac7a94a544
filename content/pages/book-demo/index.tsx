import '../_styles/marketing.css';
import { useEffect } from 'react';
import Layout from '@theme/Layout';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { useLocaleBase } from 'sitegen/theme';

// /book-demo/ is the address people guess; the page lives at /bookDemo/. Move on at once in the browser
// (replace, so Back skips this stop) and keep a visible link for anyone without JavaScript. Its
// canonical link names /bookDemo/, so search engines keep one of the two addresses.

export default function BookDemoAlias() {
  const base = useLocaleBase();
  useEffect(() => {
    window.location.replace(`${base}bookDemo/${window.location.search}${window.location.hash}`);
  }, [base]);
  return (
    <Layout
      title={translate({ id: 'bookDemoAlias.meta.title', message: 'Book a demo', description: 'Title of the /book-demo/ page that leads to /bookDemo/' })}
      description={translate({ id: 'bookDemoAlias.meta.description', message: 'The page to book a Shifu demo is at /bookDemo/.', description: 'Meta description of the /book-demo/ page' })}
    >
      <Head>
        <link rel="canonical" href={`${base}bookDemo/`} />
      </Head>
      <main className="mk-main mk-thanks">
        <div className="mk-container mk-narrow mk-thanks-box">
          <h1 className="mk-h1"><Translate id="bookDemoAlias.title" description="Title of the /book-demo/ page">Book a demo</Translate></h1>
          <p className="mk-lead"><Translate id="bookDemoAlias.text" description="Text of the /book-demo/ page">Taking you to the demo booking page…</Translate></p>
          <p>
            <Link to="/bookDemo/" className="mk-btn mk-btn--primary"><Translate id="bookDemoAlias.link" description="Link to /bookDemo/">Open the booking page</Translate></Link>
          </p>
        </div>
      </main>
    </Layout>
  );
}
