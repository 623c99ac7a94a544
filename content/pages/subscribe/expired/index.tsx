import '../../_styles/marketing.css';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { icons } from '../../_components/Icons';

// Where a confirmation link lands when it no longer works: expired, used already, or damaged. The
// way out is to ask again on the subscribe page.

export default function SubscriptionLinkExpired() {
  return (
    <Layout
      title={translate({ id: 'subscribe.expired.meta.title', message: 'Link expired', description: 'Title of the page for an expired confirmation link' })}
      description={translate({ id: 'subscribe.expired.meta.description', message: 'This confirmation link no longer works. Ask for a new one.', description: 'Meta description of the page for an expired confirmation link' })}
    >
      <main className="mk-main mk-thanks">
        <div className="mk-container mk-narrow mk-thanks-box">
          <span className="mk-icon mk-thanks-icon" aria-hidden="true">{icons.clock}</span>
          <h1 className="mk-h1"><Translate id="subscribe.expired.title" description="Title for an expired or used confirmation link">This link no longer works</Translate></h1>
          <p className="mk-lead"><Translate id="subscribe.expired.text" description="Explains why a confirmation link stopped working">A confirmation link works for 48 hours and only once. If you have confirmed already, there is nothing more to do. Otherwise, ask again and we will send you a new link.</Translate></p>
          <p>
            <Link to="/subscribe/" className="mk-btn mk-btn--primary"><Translate id="subscribe.expired.again" description="Link back to the subscription form">Ask for a new link</Translate></Link>
          </p>
        </div>
      </main>
    </Layout>
  );
}
