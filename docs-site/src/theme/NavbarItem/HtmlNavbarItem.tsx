import type { HtmlNavbarItem as HtmlItem } from '../../config/navbar-item-schemas';
import type { NavbarItemRenderProps } from './types';

/** Raw HTML from the (trusted, reviewed) site config. */
export function HtmlNavbarItem({
  item,
  mobile,
  isDropdownItem,
}: NavbarItemRenderProps & { item: HtmlItem }) {
  if (mobile || isDropdownItem) {
    return (
      <li
        className="menu__list-item navbar__html"
        dangerouslySetInnerHTML={{ __html: item.value }}
      />
    );
  }
  return (
    <div className="navbar__item navbar__html" dangerouslySetInnerHTML={{ __html: item.value }} />
  );
}
