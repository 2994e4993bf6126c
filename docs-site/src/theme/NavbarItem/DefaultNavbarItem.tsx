import clsx from 'clsx';
import type { LinkNavbarItem } from '../../config/navbar-item-schemas';
import { menuStyles } from '../Menu';
import { NavLink } from './NavLink';
import * as styles from './styles.module.css';
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
      <li className={menuStyles.item}>
        <NavLink
          {...linkProps}
          className={menuStyles.link}
          activeClassName={menuStyles.linkActive}
        />
      </li>
    );
  }
  if (isDropdownItem) {
    return (
      <li>
        <NavLink
          {...linkProps}
          className={styles.dropdownLink}
          activeClassName={styles.dropdownLinkActive}
        />
      </li>
    );
  }
  return (
    <NavLink
      {...linkProps}
      className={clsx(styles.item, styles.link, item.className)}
      activeClassName={styles.linkActive}
    />
  );
}
