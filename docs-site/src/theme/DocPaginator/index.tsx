/** Previous / next page in sidebar order. */
import clsx from 'clsx';
import { Link } from 'gatsby';
import type { Crumb } from '../DocBreadcrumbs';
import * as styles from './styles.module.css';

export function DocPaginator({
  previous,
  next,
}: {
  previous?: Crumb | undefined;
  next?: Crumb | undefined;
}) {
  if (previous === undefined && next === undefined) return null;
  return (
    <nav className={styles.paginator} aria-label="Docs pages">
      {previous !== undefined && (
        <Link className={styles.link} to={previous.href}>
          <span className={styles.sublabel}>Previous</span>
          <span className={styles.label}>{previous.label}</span>
        </Link>
      )}
      {next !== undefined && (
        <Link className={clsx(styles.link, styles.next)} to={next.href}>
          <span className={styles.sublabel}>Next</span>
          <span className={styles.label}>{next.label}</span>
        </Link>
      )}
    </nav>
  );
}
