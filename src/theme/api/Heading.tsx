import type { HTMLAttributes } from 'react';
import { useT } from '../context.js';

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  as: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
}

/** Docusaurus's @theme/Heading: an h2-h6 with an id gets the "Direct link" anchor markdown headings have. */
export default function Heading({ as: As, id, className, children, ...rest }: HeadingProps) {
  const t = useT();
  if (As === 'h1' || !id) {
    return (
      <As id={id} className={className} {...rest}>
        {children}
      </As>
    );
  }
  const label = t('theme.common.headingLinkTitle', { heading: typeof children === 'string' ? children : id }, 'Direct link to {heading}');
  return (
    <As id={id} className={className ? `anchor ${className}` : 'anchor'} {...rest}>
      {children}
      <a href={`#${id}`} className="hash-link" aria-label={label} title={label}>
        {'\u200B'}
      </a>
    </As>
  );
}
