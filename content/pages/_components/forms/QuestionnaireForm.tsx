import Translate, { translate } from '@docusaurus/Translate';
import { useLocaleBase } from 'sitegen/theme';
import { questionnaire, questionnaireChoices } from '../../_forms/schemas';
import { useSchemaForm } from './useSchemaForm';
import { TextField, ChoiceField } from './Fields';
import { errorText, summaryText } from './messages';
import { Honeypot } from './Honeypot';

// The "book a demo" questionnaire. Choice labels are spelled out per value so each has its own
// message id; the values themselves come from the shared schema.

const fields = ['name', 'phone', 'email', 'company', 'problem', 'familiarity', 'source'] as const;
type Field = (typeof fields)[number];

function choiceLabel(value: string) {
  switch (value) {
    case 'device-connection':
      return <Translate id="form.choice.problem.deviceConnection" description="Questionnaire option">Device connection</Translate>;
    case 'application-development':
      return <Translate id="form.choice.problem.appDevelopment" description="Questionnaire option">Application development</Translate>;
    case 'device-management':
      return <Translate id="form.choice.problem.deviceManagement" description="Questionnaire option">Device management</Translate>;
    case 'never-heard':
      return <Translate id="form.choice.familiarity.never" description="Questionnaire option">Never heard of them</Translate>;
    case 'some-knowledge':
      return <Translate id="form.choice.familiarity.some" description="Questionnaire option">I have some knowledge of them</Translate>;
    case 'master':
      return <Translate id="form.choice.familiarity.master" description="Questionnaire option">I master them</Translate>;
    case 'social-media':
      return <Translate id="form.choice.source.social" description="Questionnaire option">Social media (Hacker News, X, Reddit, WeChat...)</Translate>;
    default:
      return <Translate id="form.choice.source.introduced" description="Questionnaire option">Introduced by someone</Translate>;
  }
}

const options = (values: readonly string[]) => values.map((value) => ({ value, label: choiceLabel(value) }));

export function QuestionnaireForm() {
  const base = useLocaleBase();
  const form = useSchemaForm<Field>({
    name: 'questionnaire',
    schema: questionnaire,
    fields,
    choices: ['problem', 'familiarity', 'source'],
    onSent: () => window.location.assign(`${base}thanks/`),
  });
  const text = (field: 'name' | 'phone' | 'email' | 'company') => ({
    id: field,
    value: form.values[field],
    error: form.errors[field],
    onChange: (v: string) => form.set(field, v),
    inputRef: form.focusRef(field),
  });
  const choice = (field: 'problem' | 'familiarity' | 'source') => ({
    id: field,
    value: form.values[field],
    error: form.errors[field],
    options: options(questionnaireChoices[field]),
    onChange: (v: string) => form.set(field, v),
    inputRef: form.focusRef(field),
  });
  return (
    <form className="mk-form" noValidate onSubmit={form.onSubmit} aria-labelledby="questionnaire-title">
      <h2 className="mk-h3 mk-form-title" id="questionnaire-title">
        <Translate id="form.questionnaire.title" description="Heading of the demo questionnaire">Tell us about you</Translate>
      </h2>
      <p className="mk-small"><Translate id="form.requiredNote" description="Explains the asterisk on required fields">Every question marked * needs an answer.</Translate></p>
      <TextField {...text('name')} autoComplete="name" label={<Translate id="form.questionnaire.name" description="Questionnaire field label">How should we address you?</Translate>} />
      <div className="mk-form-row">
        <TextField {...text('phone')} type="tel" inputMode="tel" autoComplete="tel" label={<Translate id="form.questionnaire.phone" description="Questionnaire field label">Phone number</Translate>} />
        <TextField {...text('email')} type="email" inputMode="email" autoComplete="email" label={<Translate id="form.questionnaire.email" description="Questionnaire field label">Email address</Translate>} />
      </div>
      <TextField {...text('company')} autoComplete="organization" label={<Translate id="form.questionnaire.company" description="Questionnaire field label">Company or organisation</Translate>} />
      <ChoiceField {...choice('problem')} legend={<Translate id="form.questionnaire.problem" description="Questionnaire question">Which problem do you want Shifu to solve?</Translate>} />
      <ChoiceField {...choice('familiarity')} legend={<Translate id="form.questionnaire.familiarity" description="Questionnaire question">How familiar are you with Docker and Kubernetes?</Translate>} />
      <ChoiceField {...choice('source')} legend={<Translate id="form.questionnaire.source" description="Questionnaire question">How did you hear about Shifu?</Translate>} />
      <div className="mk-form-status" role="status" aria-live="polite">
        {form.formError ? '' : form.invalidCount > 0 && Object.keys(form.errors).length > 0 ? summaryText(Object.keys(form.errors).length) : ''}
      </div>
      <Honeypot />
      {form.formError && <p className="mk-error mk-form-error" role="alert">{errorText(form.formError)}</p>}
      <button type="submit" className="mk-btn mk-btn--primary mk-form-submit" disabled={form.status !== 'idle'}>
        {form.status === 'idle'
          ? translate({ id: 'form.questionnaire.submit', message: 'Send my request', description: 'Submit button of the questionnaire' })
          : translate({ id: 'form.sending', message: 'Sending…', description: 'Submit button while the form is sent' })}
      </button>
      <p className="mk-small"><Translate id="form.questionnaire.mailNote" description="Under the questionnaire: what happens after sending it">Once you send it, a mail confirming your request is on its way to the address you gave, and we write again to agree the time.</Translate></p>
    </form>
  );
}
