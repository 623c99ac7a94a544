import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { isExternalUrl } from '../../shared/url.js';

/** Fired on window by the client router after every change of path, query or hash. */
export const LOCATION_CHANGE = 'sitegen:locationchange';

/**
 * A link. Internal links are plain anchors that the client router intercepts (by delegation, so links
 * inside markdown behave the same); external links open in a new tab without an opener.
 */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children?: ReactNode }) {
  const { href, children, ...rest } = props;
  if (isExternalUrl(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}

export function ExternalIcon({ size = 13.5 }: { size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" viewBox="0 0 24 24" className="icon-external">
      <path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z" />
    </svg>
  );
}
