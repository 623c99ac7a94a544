import { useRef, useState } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

// Form state checked with the same zod schema the receiver uses. Nothing is sent until the schema
// accepts the values; on a failed attempt every message shows next to its field and focus moves to
// the first field in error. After that first attempt, fields are re-checked as they change.

export interface FormSchemaLike {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type Values<F extends string> = Record<F, string>;
export type Errors<F extends string> = Partial<Record<F, string>>;
export type Status = 'idle' | 'sending' | 'sent';

export interface SchemaForm<F extends string> {
  values: Values<F>;
  errors: Errors<F>;
  /** An error for the whole form (network, rate limit, server), as a message id. */
  formError?: string;
  status: Status;
  /** How many fields were in error at the last attempt (for the announcement). */
  invalidCount: number;
  set(field: F, value: string): void;
  /** Registers the element that receives focus when this field is in error. */
  focusRef(field: F): (el: HTMLElement | null) => void;
  onSubmit(e: { preventDefault(): void; currentTarget?: unknown }): void;
}

function check<F extends string>(schema: FormSchemaLike, fields: readonly F[], payload: Record<string, unknown>): Errors<F> {
  const result = schema.safeParse(payload);
  if (result.success) return {};
  const errors: Errors<F> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (fields.includes(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

export function useSchemaForm<F extends string>(params: {
  /** The form's name in the receiver's url: POST {formsEndpoint}/{name}. */
  name: string;
  schema: FormSchemaLike;
  /** Fields in the order they appear on the page (the first one in error gets focus). */
  fields: readonly F[];
  /** Fields whose empty value means "not answered" (sent as missing, so the schema reports a choice error). */
  choices?: readonly F[];
  onSent(): void;
}): SchemaForm<F> {
  const { siteConfig, i18n } = useDocusaurusContext();
  const { fields, choices = [] } = params;
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((f) => [f, ''])) as Values<F>);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [formError, setFormError] = useState<string>();
  const [status, setStatus] = useState<Status>('idle');
  const [invalidCount, setInvalidCount] = useState(0);
  const attempted = useRef(false);
  const targets = useRef(new Map<F, HTMLElement>());

  const payloadOf = (v: Values<F>) => Object.fromEntries(fields.filter((f) => !(choices.includes(f) && v[f] === '')).map((f) => [f, v[f]]));

  const focusFirst = (errs: Errors<F>) => {
    const first = fields.find((f) => errs[f] !== undefined);
    if (first) targets.current.get(first)?.focus();
  };

  const set = (field: F, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted.current) {
      const errs = check(params.schema, fields, payloadOf(next));
      setErrors(errs);
    }
  };

  const send = async (payload: Record<string, unknown>, trap: string) => {
    setStatus('sending');
    setFormError(undefined);
    try {
      const endpoint = siteConfig.formsEndpoint.replace(/\/+$/, '');
      const res = await fetch(`${endpoint}/${params.name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        // The page language (the receiver writes its mails in it) and the anti-spam field (Honeypot.tsx).
        body: JSON.stringify({ ...payload, _locale: i18n.currentLocale, website: trap }),
      });
      const body = (await res.json().catch(() => ({}))) as { ok?: boolean; errors?: Record<string, string>; error?: string };
      if (res.ok && body.ok !== false) {
        setStatus('sent');
        params.onSent();
        return;
      }
      setStatus('idle');
      if (res.status === 400 && body.errors) {
        // The receiver disagreed with the browser's check (for example an older page): show its verdict.
        const errs = Object.fromEntries(Object.entries(body.errors).filter(([k]) => fields.includes(k as F))) as Errors<F>;
        setErrors(errs);
        setInvalidCount(Object.keys(errs).length);
        if (Object.keys(errs).length) return focusFirst(errs);
      }
      setFormError(res.status === 429 ? 'form.error.rate' : 'form.error.server');
    } catch {
      setStatus('idle');
      setFormError('form.error.network');
    }
  };

  const onSubmit = (e: { preventDefault(): void; currentTarget?: unknown }) => {
    e.preventDefault();
    if (status === 'sending') return;
    attempted.current = true;
    const payload = payloadOf(values);
    const errs = check(params.schema, fields, payload);
    setErrors(errs);
    const count = Object.keys(errs).length;
    setInvalidCount(count);
    if (count > 0) {
      setFormError(undefined);
      focusFirst(errs);
      return;
    }
    const form = e.currentTarget instanceof HTMLFormElement ? e.currentTarget : undefined;
    const trap = form ? String(new FormData(form).get('website') ?? '') : '';
    void send(payload, trap);
  };

  const focusRef = (field: F) => (el: HTMLElement | null) => {
    if (el) targets.current.set(field, el);
    else targets.current.delete(field);
  };

  return { values, errors, formError, status, invalidCount, set, focusRef, onSubmit };
}
