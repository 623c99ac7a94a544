import '../../_styles/marketing.css';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { icons } from '../../_components/Icons';

// Where the confirmation link of a subscription mail lands when it worked (the form receiver
// redirects here, in the language the address subscribed from).

export default function SubscriptionConfirmed() {
  return (
    <Layout
      title={translate({ id: 'subscribe.confirmed.meta.title', message: 'Subscription confirmed', description: 'Title of the page after confirming a subscription' })}
      description={translate({ id: 'subscribe.confirmed.meta.description', message: 'Your subscription to Shifu news is confirmed.', description: 'Meta description of the page after confirming a subscription' })}
    >
      <main className="mk-main mk-thanks">
        <div className="mk-container mk-narrow mk-thanks-box">
          <span className="mk-icon mk-thanks-icon" aria-hidden="true">{icons.check}</span>
          <h1 className="mk-h1"><Translate id="subscribe.confirmed.title" description="Title after confirming a subscription">Your subscription is confirmed</Translate></h1>
          <p className="mk-lead"><Translate id="subscribe.confirmed.text" description="Text after confirming a subscription">Thank you. Shifu news will reach your inbox at most once a month, and every email has a link to unsubscribe.</Translate></p>
          <p>
            <Link to="/news" className="mk-btn mk-btn--primary"><Translate id="subscribe.confirmed.news" description="Link to the news blog after confirming">Read the latest news</Translate></Link>
          </p>
        </div>
      </main>
    </Layout>
  );
}
