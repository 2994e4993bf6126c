import type { DocSidebarNavbarItem as DocSidebarItem } from '../../config/navbar-item-schemas';
import { firstSidebarLink } from '../../config/docs-paths';
import { sidebars } from '../../config/sidebars';
import { usePage } from '../../contexts/page';
import { DefaultNavbarItem } from './DefaultNavbarItem';
import type { NavbarItemRenderProps } from './types';

/** Links to the first page of a docs sidebar; active on every page of that sidebar. */
export function DocSidebarNavbarItem({
  item,
  ...rest
}: NavbarItemRenderProps & { item: DocSidebarItem }) {
  const page = usePage();
  const sidebar = sidebars[item.sidebarId];
  const to = sidebar === undefined ? undefined : firstSidebarLink(sidebar);
  if (to === undefined) {
    throw new Error(
      `DocSidebarNavbarItem: Sidebar with ID "${item.sidebarId}" doesn't have anything to be linked to.`,
    );
  }
  return (
    <DefaultNavbarItem
      {...rest}
      item={{ label: item.label, to, position: item.position }}
      isActive={page.sidebarId === item.sidebarId}
    />
  );
}
