import type { HtmlNavbarItem as HtmlItem } from '../../config/navbar-item-schemas';
import { menuStyles } from '../Menu';
import * as styles from './styles.module.css';
import type { NavbarItemRenderProps } from './types';

/** Raw HTML from the (trusted, reviewed) site config. */
export function HtmlNavbarItem({
  item,
  mobile,
  isDropdownItem,
}: NavbarItemRenderProps & { item: HtmlItem }) {
  if (mobile || isDropdownItem) {
    return <li className={menuStyles.item} dangerouslySetInnerHTML={{ __html: item.value }} />;
  }
  return <div className={styles.item} dangerouslySetInnerHTML={{ __html: item.value }} />;
}
