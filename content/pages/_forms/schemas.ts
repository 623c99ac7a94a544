import * as z from 'zod/mini';

// The Shifu site's forms: one schema per form, imported by the marketing pages (to check input in
// the browser) and loaded by sitegen's form receiver (to check it again on the server), so both
// always agree. Error messages are message ids, shown in the page's language by the form component.
// zod/mini keeps what the pages ship small.

/** Every message id a field error can carry. */
export const formErrorIds = ['form.error.required', 'form.error.type', 'form.error.tooLong', 'form.error.phone', 'form.error.email', 'form.error.choice', 'form.error.invalid'] as const;

const missingOr = (id: (typeof formErrorIds)[number]) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === '' ? 'form.error.required' : id);

const text = (max: number) =>
  z.string({ error: missingOr('form.error.type') }).check(z.trim(), z.minLength(1, 'form.error.required'), z.maxLength(max, 'form.error.tooLong'));

const email = z.string({ error: missingOr('form.error.type') }).check(
  z.trim(),
  z.minLength(1, 'form.error.required'),
  z.maxLength(254, 'form.error.tooLong'),
  z.email({ error: 'form.error.email' }),
);

/** Digits with the usual separators and an optional leading "+": "+86 138 0013 8000", "(650) 555-0100". */
const phone = z.string({ error: missingOr('form.error.type') }).check(
  z.trim(),
  z.minLength(1, 'form.error.required'),
  z.regex(/^\+?[0-9\s()./-]{6,24}$/, 'form.error.phone'),
  z.refine((v) => (v.match(/[0-9]/g)?.length ?? 0) >= 6, 'form.error.phone'),
);

const choice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: missingOr('form.error.choice') });

/** The values of each choice, in the order the questionnaire shows them (labels are message ids too). */
export const questionnaireChoices = {
  problem: ['device-connection', 'application-development', 'device-management'],
  familiarity: ['never-heard', 'some-knowledge', 'master'],
  source: ['social-media', 'introduced-by-others'],
} as const;

/** "Book a demo": who is asking, what they want to solve, and how well they know Docker/Kubernetes. */
export const questionnaire = z.object(
  {
    name: text(100),
    phone,
    email,
    company: text(200),
    problem: choice(questionnaireChoices.problem),
    familiarity: choice(questionnaireChoices.familiarity),
    source: choice(questionnaireChoices.source),
  },
  { error: 'form.error.invalid' },
);

/** The newsletter subscription. */
export const subscribe = z.object({ email }, { error: 'form.error.invalid' });

/** The forms the receiver accepts, by the name in their url: POST <forms.endpoint>/<name>. */
export const forms = { questionnaire, subscribe };

/** What the receiver calls each field and option in the mails and the export, per locale: the pages' own words. */
export { formWords as labels } from './words';

export type QuestionnaireInput = z.input<typeof questionnaire>;
export type SubscribeInput = z.input<typeof subscribe>;
