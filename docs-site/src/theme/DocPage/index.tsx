/** Docs page layout: sidebar, breadcrumbs, the article, previous/next, table of contents. */
import { Suspense, type ReactNode } from 'react';
import { findDoc } from '../../config/docs-index';
import { docPath } from '../../config/docs-paths';
import { sidebars, type SidebarItem } from '../../config/sidebars';
import { usePage } from '../../contexts/page';
import { isSamePath } from '../../utils/paths';
import { breadcrumbTrail, DocBreadcrumbs, type Crumb } from '../DocBreadcrumbs';
import { BackToTopButton } from '../BackToTopButton';
import { DocFooter, type DocFooterInfo } from '../DocFooter';
import { DocPaginator } from '../DocPaginator';
import { DocSidebar } from '../DocSidebar';
import { Main } from '../Layout/Main';
import { MDXContent } from '../MDXContent';
import { TOC, TOCCollapsible, type TocItem } from '../TOC';
import * as styles from './styles.module.css';

function flatten(items: readonly SidebarItem[]): Crumb[] {
  return items.flatMap((item): Crumb[] => {
    if (item.type === 'doc')
      return [{ label: item.label ?? findDoc(item.id)?.title ?? item.id, href: docPath(item.id) }];
    if (item.type === 'category')
      return [{ label: item.label, href: item.slug }, ...flatten(item.items)];
    return [];
  });
}

export function DocPage({
  title,
  toc = [],
  footer,
  children,
}: {
  title: string;
  toc?: TocItem[];
  /** Edit link and last update of a guide (category pages have none). */
  footer?: DocFooterInfo;
  children: ReactNode;
}) {
  const { pathname, sidebarId } = usePage();
  const sidebar = sidebarId === null ? [] : (sidebars[sidebarId] ?? []);
  const trail = breadcrumbTrail(sidebar, pathname, (id) => findDoc(id)?.title ?? id);
  const order = flatten(sidebar);
  const index = order.findIndex((crumb) => isSamePath(crumb.href, pathname));
  return (
    <div className={styles.wrapper}>
      {sidebar.length > 0 && (
        <Suspense fallback={null}>
          <DocSidebar items={sidebar} />
        </Suspense>
      )}
      <Main className={styles.main}>
        <div className={styles.container}>
          <div className={styles.content}>
            {trail.length > 0 && <DocBreadcrumbs trail={trail} />}
            <TOCCollapsible items={toc} />
            <Suspense fallback={null}>
              <MDXContent>
                <h1>{title}</h1>
                {children}
              </MDXContent>
            </Suspense>
            {footer !== undefined && <DocFooter {...footer} />}
            {index !== -1 && <DocPaginator previous={order[index - 1]} next={order[index + 1]} />}
          </div>
          <Suspense fallback={null}>
            <TOC items={toc} />
          </Suspense>
        </div>
        <BackToTopButton />
      </Main>
    </div>
  );
}
