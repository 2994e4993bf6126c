/** Previous / next page in sidebar order. */
import { Link } from 'gatsby';
import type { Crumb } from '../DocBreadcrumbs';

export function DocPaginator({
  previous,
  next,
}: {
  previous?: Crumb | undefined;
  next?: Crumb | undefined;
}) {
  if (previous === undefined && next === undefined) return null;
  return (
    <nav className="pagination-nav" aria-label="Docs pages">
      {previous !== undefined && (
        <Link className="pagination-nav__link pagination-nav__link--prev" to={previous.href}>
          <span className="pagination-nav__sublabel">Previous</span>
          <span className="pagination-nav__label">{previous.label}</span>
        </Link>
      )}
      {next !== undefined && (
        <Link className="pagination-nav__link pagination-nav__link--next" to={next.href}>
          <span className="pagination-nav__sublabel">Next</span>
          <span className="pagination-nav__label">{next.label}</span>
        </Link>
      )}
    </nav>
  );
}
