import type { ReactNode } from 'react';
import { translate } from '../translate.js';
import { interpolate } from './Interpolate.js';

export { translate };

export interface TranslateProps {
  id?: string;
  description?: string;
  /** Values of the message's {placeholders}: text, or React elements (a link inside a sentence). */
  values?: Record<string, ReactNode>;
  /** The default message: a plain string (checked at build time). */
  children?: string;
}

/** A translatable string: `<Translate id="home.title">Welcome</Translate>`. */
export default function Translate({ id, values, children }: TranslateProps) {
  if (children !== undefined && typeof children !== 'string') {
    throw new Error(`<Translate${id ? ` id="${id}"` : ''}> accepts only a plain string as its children`);
  }
  return <>{interpolate(translate({ id, message: children }), values)}</>;
}
