import type { ReactNode } from 'react';
import { useContext } from 'react';
import { Layout as ThemeLayout } from '../layouts/Layout.js';
import { HeadContext } from '../context.js';

export interface PageLayoutProps {
  title?: string;
  description?: string;
  keywords?: string[];
  wrapperClassName?: string;
  noFooter?: boolean;
  children?: ReactNode;
}

/** The page frame for React pages, as Docusaurus's @theme/Layout: title and description go to <head>. */
export default function Layout({ title, description, keywords, wrapperClassName, noFooter, children }: PageLayoutProps) {
  const head = useContext(HeadContext);
  if (head) {
    if (title !== undefined) head.title = title;
    if (description !== undefined) head.description = description;
    if (keywords !== undefined) head.keywords = keywords;
  }
  return (
    <ThemeLayout wrapperClassName={wrapperClassName} noFooter={noFooter}>
      {children}
    </ThemeLayout>
  );
}
