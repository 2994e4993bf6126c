import type { NavbarItemType } from './navbar-item-schemas';

/** Docusaurus' rule: an item with no type (or 'default') and a list of items is a dropdown. */
export function navbarItemType(item: object): string {
  const { type, items } = item as { type?: unknown; items?: unknown };
  if (type === undefined || type === 'default')
    return Array.isArray(items) ? 'dropdown' : 'default';
  return typeof type === 'string' ? type : JSON.stringify(type);
}

export const NO_COMPONENT_FOR_TYPE = 'No NavbarItem component found for type';

export type { NavbarItemType };
