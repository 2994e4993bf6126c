import type { LinkNavbarItem } from '../../config/navbar-item-schemas';
import { NavLink } from './NavLink';
import type { NavbarItemRenderProps } from './types';

export interface DefaultNavbarItemProps extends NavbarItemRenderProps {
  item: Omit<LinkNavbarItem, 'type'>;
  /** Overrides path matching (a docs sidebar link is active on every doc of its sidebar). */
  isActive?: boolean;
}

export function DefaultNavbarItem({
  item,
  mobile,
  isDropdownItem,
  onClick,
  isActive,
}: DefaultNavbarItemProps) {
  const linkProps = {
    label: item.label,
    to: item.to,
    href: item.href,
    target: item.target,
    activeBasePath: item.activeBasePath,
    activeBaseRegex: isActive === undefined ? item.activeBaseRegex : isActive ? '.*' : '^$',
    onClick,
  };
  if (mobile) {
    return (
      <li className="menu__list-item">
        <NavLink {...linkProps} className="menu__link" activeClassName="menu__link--active" />
      </li>
    );
  }
  if (isDropdownItem) {
    return (
      <li>
        <NavLink
          {...linkProps}
          className="dropdown__link"
          activeClassName="dropdown__link--active"
        />
      </li>
    );
  }
  return (
    <NavLink
      {...linkProps}
      className={['navbar__item', 'navbar__link', item.className].filter(Boolean).join(' ')}
    />
  );
}
