import { Fragment, isValidElement, type ReactNode } from 'react';

// Docusaurus's <Interpolate> and interpolate(): "{name}" placeholders of a string filled with values
// that may be React elements (a link inside a translated sentence). A placeholder without a value
// stays as written.

export type InterpolateValues = Record<string, ReactNode>;

/** The text with its placeholders filled: a string when every value is text, else React nodes. */
export function interpolate(text: string, values?: InterpolateValues): ReactNode {
  const parts = text.split(/(\{\w+\})/g);
  const filled = parts.map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name !== undefined && values && name in values ? values[name] : part;
  });
  if (filled.every((p) => !isValidElement(p))) return filled.map((p) => (p === null || p === undefined || typeof p === 'boolean' ? '' : String(p))).join('');
  return filled.map((p, i) => <Fragment key={i}>{p}</Fragment>);
}

export default function Interpolate({ children, values }: { children: string; values?: InterpolateValues }) {
  if (typeof children !== 'string') throw new Error('<Interpolate> accepts only a plain string as its children');
  return <>{interpolate(children, values)}</>;
}
