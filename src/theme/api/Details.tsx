import { Children, isValidElement, type DetailsHTMLAttributes, type ReactNode } from 'react';
import { slot, type MarkupProps } from '../../shared/markup.js';
import { detailsMarkup } from '../../shared/details.js';
import { markupToReact } from './markupToReact.js';

export interface DetailsProps extends DetailsHTMLAttributes<HTMLDetailsElement> {
  summary?: ReactNode;
}

/**
 * Docusaurus's @theme/Details: a <details> with the markup of markdown's (shared/details.ts), its summary
 * from a prop (text, or a <summary> element) or a <summary> child.
 */
export default function Details({ summary, className, children, ...rest }: DetailsProps) {
  const hasSummaryChild = Children.toArray(children).some((c) => isValidElement(c) && c.type === 'summary');
  return markupToReact(
    detailsMarkup<ReactNode>({
      className,
      props: rest as MarkupProps,
      summary: summary === undefined ? undefined : typeof summary === 'string' || typeof summary === 'number' ? String(summary) : slot(summary),
      hasSummaryChild,
      children: slot(children),
    }),
  );
}
