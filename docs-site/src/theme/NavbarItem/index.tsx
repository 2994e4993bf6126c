/**
 * Renders one navbar item by its kind (SPEC §2: nine kinds). Each item renders inside an error
 * boundary that names the failing config entry, so a mistake in site-config.ts is easy to find.
 */
import type { ComponentType } from 'react';
import type { NavbarItemConfig, NavbarItemType } from '../../config/navbar-item-schemas';
import { NO_COMPONENT_FOR_TYPE, navbarItemType } from '../../config/navbar-item-type';
import { ErrorCauseBoundary } from '../ErrorBoundary/ErrorCauseBoundary';
import { DefaultNavbarItem } from './DefaultNavbarItem';
import { DocNavbarItem } from './DocNavbarItem';
import { DocSidebarNavbarItem } from './DocSidebarNavbarItem';
import { DocsVersionDropdownNavbarItem } from './DocsVersionDropdownNavbarItem';
import { DocsVersionNavbarItem } from './DocsVersionNavbarItem';
import { DropdownNavbarItem } from './DropdownNavbarItem';
import { HtmlNavbarItem } from './HtmlNavbarItem';
import { LocaleDropdownNavbarItem } from './LocaleDropdownNavbarItem';
import { SearchNavbarItem } from './SearchNavbarItem';
import type { NavbarItemRenderProps } from './types';

type ItemComponent = ComponentType<NavbarItemRenderProps & { item: never }>;

const components: Record<NavbarItemType, ItemComponent> = {
  default: DefaultNavbarItem,
  dropdown: DropdownNavbarItem,
  localeDropdown: LocaleDropdownNavbarItem,
  search: SearchNavbarItem,
  html: HtmlNavbarItem,
  doc: DocNavbarItem,
  docSidebar: DocSidebarNavbarItem,
  docsVersion: DocsVersionNavbarItem,
  docsVersionDropdown: DocsVersionDropdownNavbarItem,
};

function NavbarItemByType({ item, ...rest }: NavbarItemRenderProps & { item: NavbarItemConfig }) {
  const type = navbarItemType(item);
  const Component = Object.hasOwn(components, type)
    ? components[type as NavbarItemType]
    : undefined;
  if (Component === undefined) throw new Error(`${NO_COMPONENT_FOR_TYPE} "${type}".`);
  return <Component {...rest} item={item as never} />;
}

export function navbarItemFailure(item: NavbarItemConfig, cause: unknown): Error {
  return new Error(
    `A navbar item failed to render.\nPlease double-check the following navbar item (siteConfig.navbar.items) of src/config/site-config.ts:\n${JSON.stringify(item, null, 2)}`,
    { cause },
  );
}

export function NavbarItem(props: NavbarItemRenderProps & { item: NavbarItemConfig }) {
  return (
    <ErrorCauseBoundary onError={(error) => navbarItemFailure(props.item, error)}>
      <NavbarItemByType {...props} />
    </ErrorCauseBoundary>
  );
}
