import { useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { Link as ThemeLink } from '../components/Link.js';
import { PATHNAME_PROTOCOL, isExternalUrl, pathnameUrl, underBase } from '../../shared/url.js';
import { DrawnLinksContext, useSite } from '../context.js';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An internal path, localised and given the base url: "/docs/intro". */
  to?: string;
  /** Used as written (external urls, or internal ones already complete). */
  href?: string;
  children?: ReactNode;
}

/** Docusaurus's Link: `to` paths gain the locale's base url; external links open in a new tab. */
export default function Link({ to, href, children, ...rest }: LinkProps) {
  const { chrome } = useSite();
  const drawn = useContext(DrawnLinksContext);
  let url = href ?? to ?? '#';
  if (to !== undefined && !isExternalUrl(to)) {
    if (to.startsWith(PATHNAME_PROTOCOL)) {
      return (
        <a href={pathnameUrl(chrome.siteBaseUrl, to)} data-noroute="" {...rest}>
          {children}
        </a>
      );
    }
    if (to.startsWith('/')) url = underBase(chrome.baseUrl, to);
  }
  // On the server, for the link check: internal links, not those within the page (#top).
  if (drawn && !isExternalUrl(url) && !url.startsWith('#')) drawn.push(url);
  return (
    <ThemeLink href={url} {...rest}>
      {children}
    </ThemeLink>
  );
}
