import type { Breadcrumb } from '../../shared/types.js';
import { useSite, useT } from '../context.js';
import { Link } from './Link.js';

export function Breadcrumbs({ items, current }: { items: Breadcrumb[]; current: string }) {
  const t = useT();
  const { chrome } = useSite();
  return (
    <nav className="theme-doc-breadcrumbs" aria-label={t('theme.docs.breadcrumbs.navAriaLabel')}>
      <ul className="breadcrumbs">
        {/* As Docusaurus's: the home link only on a site with a home page, to the locale's base url (not the logo's href). */}
        {chrome.noHomePage ? null : (
          <li className="breadcrumbs__item">
            <Link href={chrome.baseUrl} aria-label={t('theme.docs.breadcrumbs.home')} className="clean-btn breadcrumbs__link">
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z"
                />
              </svg>
            </Link>
          </li>
        )}
        {items.map((b, i) => (
          <li key={i} className="breadcrumbs__item">
            {b.href ? (
              <Link href={b.href} className="breadcrumbs__link">
                {b.label}
              </Link>
            ) : (
              <span className="breadcrumbs__link">{b.label}</span>
            )}
          </li>
        ))}
        <li className="breadcrumbs__item breadcrumbs__item--active" aria-current="page">
          <span className="breadcrumbs__link">{current}</span>
        </li>
      </ul>
    </nav>
  );
}
