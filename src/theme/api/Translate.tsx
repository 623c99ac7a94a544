import { translate } from '../translate.js';

export { translate };

export interface TranslateProps {
  id?: string;
  description?: string;
  values?: Record<string, string | number>;
  /** The default message: a plain string (checked at build time). */
  children?: string;
}

/** A translatable string: `<Translate id="home.title">Welcome</Translate>`. */
export default function Translate({ id, values, children }: TranslateProps) {
  if (children !== undefined && typeof children !== 'string') {
    throw new Error(`<Translate${id ? ` id="${id}"` : ''}> accepts only a plain string as its children`);
  }
  return <>{translate({ id, message: children }, values)}</>;
}
