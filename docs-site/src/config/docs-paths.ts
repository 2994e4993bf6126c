/**
 * Where docs live: a doc id (its MDX path under content/docs) maps to one URL, and a sidebar
 * links to its first doc. Shared by the build (page creation, validation) and the theme.
 */
import type { SidebarItem } from './sidebars';

export const DOCS_ROOT = '/docs/';

/** `intro` → `/docs/intro/`; the `index` doc is the docs root itself. */
export function docPath(docId: string): string {
  return docId === 'index' ? DOCS_ROOT : `${DOCS_ROOT}${docId}/`;
}

/** The page a sidebar's navbar link opens: its first doc, or a category index page. */
export function firstSidebarLink(items: readonly SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'doc') return docPath(item.id);
    if (item.type === 'category') return item.slug;
  }
  return undefined;
}

/** Every doc id a sidebar names, in order, categories flattened. */
export function sidebarDocIds(items: readonly SidebarItem[]): string[] {
  return items.flatMap((item) => {
    if (item.type === 'doc') return [item.id];
    if (item.type === 'category') return sidebarDocIds(item.items);
    return [];
  });
}
