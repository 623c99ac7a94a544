import { useRef } from 'react';
import Translate, { translate } from '@docusaurus/Translate';
import { subscribe } from '../../_forms/schemas';
import { useSchemaForm } from './useSchemaForm';
import { TextField } from './Fields';
import { errorText } from './messages';

// The news subscription: one email field, checked like the questionnaire; a confirmation replaces the
// form once the receiver has stored the address.

const fields = ['email'] as const;

export function SubscribeForm() {
  const done = useRef<HTMLDivElement>(null);
  const form = useSchemaForm<'email'>({
    name: 'subscribe',
    schema: subscribe,
    fields,
    onSent: () => requestAnimationFrame(() => done.current?.focus()),
  });
  if (form.status === 'sent') {
    return (
      <div className="mk-form mk-confirm" ref={done} tabIndex={-1} role="status">
        <h2 className="mk-h3"><Translate id="subscribe.done.title" description="Heading after subscribing">You are subscribed</Translate></h2>
        <p className="mk-text">{translate({ id: 'subscribe.done.text', message: 'Thank you! News about Shifu will arrive at {email}.', description: 'Confirmation after subscribing' }, { email: form.values.email.trim() })}</p>
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
        label={<Translate id="subscribe.form.email" description="Subscription field label">Email address</Translate>}
        value={form.values.email}
        error={form.errors.email}
        onChange={(v) => form.set('email', v)}
        inputRef={form.focusRef('email')}
      />
      {form.formError && <p className="mk-error mk-form-error" role="alert">{errorText(form.formError)}</p>}
      <button type="submit" className="mk-btn mk-btn--primary mk-form-submit" disabled={form.status !== 'idle'}>
        {form.status === 'idle'
          ? translate({ id: 'subscribe.form.submit', message: 'Subscribe', description: 'Submit button of the subscription form' })
          : translate({ id: 'form.sending', message: 'Sending…', description: 'Submit button while the form is sent' })}
      </button>
      <p className="mk-small"><Translate id="subscribe.form.privacy" description="Privacy note under the subscription form">One email a month at most. Every email has a link to unsubscribe.</Translate></p>
    </form>
  );
}
