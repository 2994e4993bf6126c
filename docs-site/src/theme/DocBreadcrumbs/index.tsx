/** Breadcrumbs (SPEC §2 "Breadcrumbs are on"): home › category › page. */
import clsx from 'clsx';
import { Link } from 'gatsby';
import { docPath } from '../../config/docs-paths';
import type { SidebarItem } from '../../config/sidebars';
import { isSamePath } from '../../utils/paths';
import * as styles from './styles.module.css';

export interface Crumb {
  label: string;
  href: string;
}

/** The chain of categories leading to `pathname` in a sidebar, ending with the page itself. */
export function breadcrumbTrail(
  items: readonly SidebarItem[],
  pathname: string,
  titleOf: (id: string) => string,
): Crumb[] {
  for (const item of items) {
    if (item.type === 'doc' && isSamePath(docPath(item.id), pathname)) {
      return [{ label: item.label ?? titleOf(item.id), href: docPath(item.id) }];
    }
    if (item.type === 'category') {
      const here = { label: item.label, href: item.slug };
      if (isSamePath(item.slug, pathname)) return [here];
      const inner = breadcrumbTrail(item.items, pathname, titleOf);
      if (inner.length > 0) return [here, ...inner];
    }
  }
  return [];
}

export function DocBreadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumbs">
      <ol className={styles.list}>
        <li className={styles.item}>
          <Link className={styles.link} to="/" aria-label="Home page">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                fill="currentColor"
                d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z"
              />
            </svg>
          </Link>
        </li>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li className={clsx(styles.item, last && styles.active)} key={crumb.href}>
              {last ? (
                <span className={styles.link} aria-current="page">
                  {crumb.label}
                </span>
              ) : (
                <Link className={styles.link} to={crumb.href}>
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
