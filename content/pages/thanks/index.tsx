import '../_styles/marketing.css';
import { useEffect, useState } from 'react';
import Layout from '@theme/Layout';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useLocaleBase } from 'sitegen/theme';
import { icons } from '../_components/Icons';
import { stepDelay } from '../_components/countdown';

// Shown after the questionnaire is sent: a visible countdown from 5 to 1, then the locale's home page.
// `replace` keeps this page out of the history, so Back does not land here and count down again. Only
// reached after sending the questionnaire: search engines leave it out (noindex).

const SECONDS = 5;

export default function Thanks() {
  const base = useLocaleBase();
  const [left, setLeft] = useState(SECONDS);
  // Hydrating (not yet a browser render): the first number came with the server's HTML.
  const isBrowser = useIsBrowser();
  const [fromServer] = useState(!isBrowser);
  useEffect(() => {
    if (left <= 0) {
      window.location.replace(base);
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), stepDelay(fromServer && left === SECONDS));
    return () => clearTimeout(timer);
  }, [left, base, fromServer]);
  const shown = Math.max(left, 1);
  return (
    <Layout
      title={translate({ id: 'thanks.meta.title', message: 'Thank you', description: 'Title of the thank-you page' })}
      description={translate({ id: 'thanks.meta.description', message: 'Your request for a Shifu demo has been received.', description: 'Meta description of the thank-you page' })}
    >
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <main className="mk-main mk-thanks">
        <div className="mk-container mk-narrow mk-thanks-box">
          <span className="mk-icon mk-thanks-icon" aria-hidden="true">{icons.check}</span>
          <h1 className="mk-h1"><Translate id="thanks.title" description="Title after the questionnaire was sent">We have received the questionnaire!</Translate></h1>
          <p className="mk-lead"><Translate id="thanks.text" description="Text after the questionnaire was sent">Thank you for your support. We will write to you by email to confirm the time of your demo.</Translate></p>
          <p><Translate id="thanks.mail" description="After the questionnaire: the confirmation mail">A mail confirming your request is on its way to your inbox.</Translate></p>
          <p className="mk-countdown" role="timer" aria-atomic="true">
            {shown === 1
              ? translate({ id: 'thanks.countdown.one', message: 'Going to the home page in 1 second', description: 'Countdown at one second' })
              : translate({ id: 'thanks.countdown.many', message: 'Going to the home page in {n} seconds', description: 'Countdown, n from 5 to 2' }, { n: shown })}
          </p>
          <p>
            <Link to="/" className="mk-btn mk-btn--primary"><Translate id="thanks.home" description="Link to the home page">Go to the home page now</Translate></Link>
          </p>
        </div>
      </main>
    </Layout>
  );
}
