import Translate, { translate } from '@docusaurus/Translate';
import { useLocaleBase } from 'sitegen/theme';
import { questionnaire, questionnaireChoices } from '../../_forms/schemas';
import { useSchemaForm } from './useSchemaForm';
import { TextField, ChoiceField } from './Fields';
import { errorText, summaryText } from './messages';
import { Honeypot } from './Honeypot';
import { useFormWords } from './useFormWords';
import '../../_styles/forms.css';

// The "book a demo" questionnaire. Field names, questions and option labels are the forms' words
// (_forms/words.ts), which the receiver's mails and the export use too; the values come from the
// shared schema.

const fields = ['name', 'phone', 'email', 'company', 'problem', 'familiarity', 'source'] as const;
type Field = (typeof fields)[number];
type ChoiceName = keyof typeof questionnaireChoices;

export function QuestionnaireForm() {
  const base = useLocaleBase();
  const words = useFormWords();
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
  const choice = (field: ChoiceName) => ({
    id: field,
    value: form.values[field],
    error: form.errors[field],
    legend: words.questions[field],
    options: questionnaireChoices[field].map((value) => ({ value, label: (words.choices[field] as Record<string, string>)[value] })),
    onChange: (v: string) => form.set(field, v),
    inputRef: form.focusRef(field),
  });
  return (
    <form className="mk-form" noValidate onSubmit={form.onSubmit} aria-labelledby="questionnaire-title">
      <h2 className="mk-h3 mk-form-title" id="questionnaire-title">
        <Translate id="form.questionnaire.title" description="Heading of the demo questionnaire">Tell us about you</Translate>
      </h2>
      <p className="mk-small"><Translate id="form.requiredNote" description="Explains the asterisk on required fields">Every question marked * needs an answer.</Translate></p>
      <TextField {...text('name')} autoComplete="name" label={words.questions.name} />
      <div className="mk-form-row">
        <TextField {...text('phone')} type="tel" inputMode="tel" autoComplete="tel" label={words.fields.phone} />
        <TextField {...text('email')} type="email" inputMode="email" autoComplete="email" label={words.fields.email} />
      </div>
      <TextField {...text('company')} autoComplete="organization" label={words.fields.company} />
      <ChoiceField {...choice('problem')} />
      <ChoiceField {...choice('familiarity')} />
      <ChoiceField {...choice('source')} />
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
