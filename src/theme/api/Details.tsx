import type { DetailsHTMLAttributes, ReactNode } from 'react';

export interface DetailsProps extends DetailsHTMLAttributes<HTMLDetailsElement> {
  summary?: ReactNode;
}

/** Docusaurus's @theme/Details: a <details> with the markup of markdown's, its summary from a prop or a <summary> child. */
export default function Details({ summary, className, children, ...rest }: DetailsProps) {
  return (
    <details className={className ? `details ${className}` : 'details'} {...rest}>
      {summary === undefined ? null : typeof summary === 'string' ? <summary>{summary}</summary> : summary}
      {children}
    </details>
  );
}
