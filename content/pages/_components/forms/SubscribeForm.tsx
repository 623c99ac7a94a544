import { useRef } from 'react';
import Translate, { translate } from '@docusaurus/Translate';
import { subscribe } from '../../_forms/schemas';
import { useSchemaForm } from './useSchemaForm';
import { TextField } from './Fields';
import { errorText } from './messages';
import { Honeypot } from './Honeypot';
import { useFormWords } from './useFormWords';
import '../../_styles/forms.css';

// The news subscription: one email field, checked like the questionnaire. Once the receiver has the
// address, the form gives way to "check your inbox": the subscription starts only when the link in
// the mail it sends is opened (double opt-in).

const fields = ['email'] as const;

export function SubscribeForm() {
  const done = useRef<HTMLDivElement>(null);
  const words = useFormWords();
  const form = useSchemaForm<'email'>({
    name: 'subscribe',
    schema: subscribe,
    fields,
    onSent: () => requestAnimationFrame(() => done.current?.focus()),
  });
  if (form.status === 'sent') {
    return (
      <div className="mk-form mk-confirm" ref={done} tabIndex={-1} role="status">
        <h2 className="mk-h3"><Translate id="subscribe.pending.title" description="Heading after asking to subscribe">Check your inbox</Translate></h2>
        <p className="mk-text">{translate({ id: 'subscribe.pending.text', message: 'A mail is on its way to {email}. Open the link in it within 48 hours to confirm your subscription; until then you will get nothing else from us.', description: 'Text after asking to subscribe: a confirmation mail was sent' }, { email: form.values.email.trim() })}</p>
        <p className="mk-small"><Translate id="subscribe.pending.spam" description="Hint when the confirmation mail does not arrive">Nothing after a few minutes? Look in your spam folder, or send the form again.</Translate></p>
      </div>
    );
  }
  return (
    <form className="mk-form" noValidate onSubmit={form.onSubmit} aria-labelledby="subscribe-title">
      <h2 className="mk-h3 mk-form-title" id="subscribe-title">
        <Translate id="subscribe.form.title" description="Heading of the subscription form">Subscribe to Shifu news</Translate>
      </h2>
      <TextField
        id="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        label={words.fields.email}
        value={form.values.email}
        error={form.errors.email}
        onChange={(v) => form.set('email', v)}
        inputRef={form.focusRef('email')}
      />
      <Honeypot />
      {form.formError && <p className="mk-error mk-form-error" role="alert">{errorText(form.formError)}</p>}
      <button type="submit" className="mk-btn mk-btn--primary mk-form-submit" disabled={form.status !== 'idle'}>
        {form.status === 'idle'
          ? translate({ id: 'subscribe.form.submit', message: 'Subscribe', description: 'Submit button of the subscription form' })
          : translate({ id: 'form.sending', message: 'Sending…', description: 'Submit button while the form is sent' })}
      </button>
      <p className="mk-small"><Translate id="subscribe.form.privacy" description="Privacy note under the subscription form">One email a month at most. Every email has a link to unsubscribe.</Translate></p>
      <p className="mk-small"><Translate id="subscribe.form.mailNote" description="Explains the confirmation mail under the subscription form">We first send you a mail with a link to confirm the address.</Translate></p>
    </form>
  );
}
