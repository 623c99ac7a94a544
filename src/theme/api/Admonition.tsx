import type { ReactNode } from 'react';
import { useT } from '../context.js';

export interface AdmonitionProps {
  type?: string;
  title?: ReactNode;
  children?: ReactNode;
}

/** Docusaurus's @theme/Admonition, with the markup (and so the styles) of markdown's `:::note`. */
export default function Admonition({ type = 'note', title, children }: AdmonitionProps) {
  const t = useT();
  return (
    <div className={`admonition admonition-${type}`}>
      <div className="admonition-heading">{title ?? t(`theme.admonition.${type}`, undefined, type)}</div>
      <div className="admonition-content">{children}</div>
    </div>
  );
}
