import type { ReactNode } from 'react';
import { useT } from '../context.js';
import { slot } from '../../shared/markup.js';
import { admonitionMarkup } from '../../shared/admonition.js';
import { markupToReact } from './markupToReact.js';

export interface AdmonitionProps {
  type?: string;
  title?: ReactNode;
  children?: ReactNode;
}

/** Docusaurus's @theme/Admonition, with the markup (and so the styles) of markdown's `:::note` (shared/admonition.ts). */
export default function Admonition({ type = 'note', title, children }: AdmonitionProps) {
  const t = useT();
  return markupToReact(admonitionMarkup<ReactNode>({ type, title: slot(title ?? t(`theme.admonition.${type}`, undefined, type)), children: slot(children) }));
}
