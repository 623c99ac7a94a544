import type { NavLink } from '../../shared/types.js';
import { useT } from '../context.js';
import { Link } from './Link.js';

export function Pagination(props: { label: string; previous?: NavLink; next?: NavLink; previousLabel: string; nextLabel: string }) {
  if (!props.previous && !props.next) return null;
  return (
    <nav className="pagination-nav" aria-label={props.label}>
      {props.previous ? (
        <Link href={props.previous.permalink} className="pagination-nav__link pagination-nav__link--prev">
          <span className="pagination-nav__sublabel">{props.previousLabel}</span>
          <span className="pagination-nav__label">{props.previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {props.next ? (
        <Link href={props.next.permalink} className="pagination-nav__link pagination-nav__link--next">
          <span className="pagination-nav__sublabel">{props.nextLabel}</span>
          <span className="pagination-nav__label">{props.next.title}</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The docs' previous/next (Docusaurus's DocPaginator): a doc's and a generated index's. */
export function DocPaginator({ previous, next }: { previous?: NavLink; next?: NavLink }) {
  const t = useT();
  return <Pagination label={t('theme.docs.paginator.navAriaLabel')} previous={previous} next={next} previousLabel={t('theme.docs.paginator.previous')} nextLabel={t('theme.docs.paginator.next')} />;
}
