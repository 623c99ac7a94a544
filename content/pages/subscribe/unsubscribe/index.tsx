import '../../_styles/marketing.css';
import { useEffect, useRef, useState } from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { icons } from '../../_components/Icons';

// The unsubscribe link of a newsletter mail lands here with its token (?t=...). Opening the page
// changes nothing (mail scanners open links too); the button asks the form receiver, which
// unsubscribes the address the token names. Doing it twice is the same as once.

type State = 'ask' | 'sending' | 'done' | 'failed' | 'noToken';

export default function Unsubscribe() {
  const { siteConfig } = useDocusaurusContext();
  const [state, setState] = useState<State>('ask');
  const [token, setToken] = useState('');
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const t = new URLSearchParams(window.location.search).get('t');
    if (t) setToken(t);
    else setState('noToken');
  }, []);
  const unsubscribe = async () => {
    setState('sending');
    try {
      const endpoint = siteConfig.formsEndpoint.replace(/\/+$/, '');
      const res = await fetch(`${endpoint}/subscribe/unsubscribe?t=${encodeURIComponent(token)}`, { method: 'POST', headers: { Accept: 'application/json' } });
      setState(res.ok ? 'done' : 'failed');
    } catch {
      setState('failed');
    }
    requestAnimationFrame(() => done.current?.focus());
  };
  return (
    <Layout
      title={translate({ id: 'subscribe.unsubscribe.meta.title', message: 'Unsubscribe', description: 'Title of the unsubscribe page' })}
      description={translate({ id: 'subscribe.unsubscribe.meta.description', message: 'Stop receiving Shifu news by email.', description: 'Meta description of the unsubscribe page' })}
    >
      <main className="mk-main mk-thanks">
        <div className="mk-container mk-narrow mk-thanks-box" ref={done} tabIndex={-1}>
          <span className="mk-icon mk-thanks-icon" aria-hidden="true">{state === 'done' ? icons.check : icons.mail}</span>
          {state === 'done' ? (
            <div role="status">
              <h1 className="mk-h1"><Translate id="subscribe.unsubscribe.done.title" description="Title after unsubscribing">You are unsubscribed</Translate></h1>
              <p className="mk-lead"><Translate id="subscribe.unsubscribe.done.text" description="Text after unsubscribing">This address gets no more Shifu news from us. Changed your mind? You can subscribe again at any time.</Translate></p>
              <p><Link to="/subscribe/" className="mk-btn mk-btn--primary"><Translate id="subscribe.unsubscribe.again" description="Link to subscribe again">Subscribe again</Translate></Link></p>
            </div>
          ) : state === 'noToken' || state === 'failed' ? (
            <div role="alert">
              <h1 className="mk-h1"><Translate id="subscribe.unsubscribe.broken.title" description="Title when the unsubscribe link is incomplete or refused">This link does not work</Translate></h1>
              <p className="mk-lead"><Translate id="subscribe.unsubscribe.broken.text" description="Text when the unsubscribe link is incomplete or refused">Open the unsubscribe link from one of our emails again, all of it. If that fails too, reply to the email and we will remove the address by hand.</Translate></p>
            </div>
          ) : (
            <>
              <h1 className="mk-h1"><Translate id="subscribe.unsubscribe.title" description="Title of the unsubscribe page">Unsubscribe from Shifu news?</Translate></h1>
              <p className="mk-lead"><Translate id="subscribe.unsubscribe.text" description="Text of the unsubscribe page">The address this email went to will get no more news from us.</Translate></p>
              <p>
                <button type="button" className="mk-btn mk-btn--primary" onClick={() => void unsubscribe()} disabled={state === 'sending' || !token}>
                  {translate({ id: 'subscribe.unsubscribe.button', message: 'Unsubscribe', description: 'Button that unsubscribes' })}
                </button>
              </p>
            </>
          )}
        </div>
      </main>
    </Layout>
  );
}
