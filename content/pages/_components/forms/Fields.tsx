import type { ReactNode } from 'react';
import { errorText } from './messages';
import { useFormWords } from './useFormWords';

// Accessible form fields: a visible label, the error right under the control and tied to it with
// aria-describedby, aria-invalid while in error. Native `required` stays for assistive technology; the
// form sets noValidate so the browser's own bubbles never replace our messages.

export function TextField(props: {
  id: string;
  label: ReactNode;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel';
  value: string;
  error?: string;
  hint?: ReactNode;
  onChange(value: string): void;
  inputRef(el: HTMLElement | null): void;
}) {
  const words = useFormWords();
  const errorId = `${props.id}-error`;
  const hintId = `${props.id}-hint`;
  const describedBy = [props.hint ? hintId : '', props.error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`mk-field${props.error ? ' has-error' : ''}`}>
      <label htmlFor={props.id} className="mk-label">
        {props.label}
        <span className="mk-required" aria-hidden="true"> *</span>
      </label>
      {props.hint && <p id={hintId} className="mk-hint">{props.hint}</p>}
      <input
        id={props.id}
        name={props.id}
        ref={props.inputRef}
        className="mk-input"
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        value={props.value}
        required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && <p id={errorId} className="mk-error">{errorText(props.error, props.id, words)}</p>}
    </div>
  );
}

/** A group of radio buttons. An unanswered question reads "Please select the best option for you", whether the
 *  schema reports it as missing (required) or as a value outside the choices. */
export function ChoiceField(props: {
  id: string;
  legend: ReactNode;
  options: { value: string; label: ReactNode }[];
  value: string;
  error?: string;
  onChange(value: string): void;
  inputRef(el: HTMLElement | null): void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <fieldset className={`mk-field mk-choice${props.error ? ' has-error' : ''}`} aria-describedby={props.error ? errorId : undefined}>
      <legend className="mk-label">
        {props.legend}
        <span className="mk-required" aria-hidden="true"> *</span>
      </legend>
      <div className="mk-options">
        {props.options.map((o, i) => (
          <label key={o.value} className={`mk-option${props.value === o.value ? ' is-checked' : ''}`}>
            <input
              type="radio"
              name={props.id}
              value={o.value}
              checked={props.value === o.value}
              required
              ref={i === 0 ? props.inputRef : undefined}
              aria-invalid={props.error ? true : undefined}
              aria-describedby={props.error ? errorId : undefined}
              onChange={() => props.onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {props.error && <p id={errorId} className="mk-error">{errorText(props.error === 'form.error.required' ? 'form.error.choice' : props.error)}</p>}
    </fieldset>
  );
}
