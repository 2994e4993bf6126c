/**
 * The search navbar item (SPEC §2 item kind): full-text search of the guides (theme/SearchBar).
 * It shows on the guide pages only: the API reference keeps no search (SPEC §2).
 */
import type { SearchNavbarItem as SearchItem } from '../../config/navbar-item-schemas';
import { DOCS_ROOT } from '../../config/docs-paths';
import { usePage } from '../../contexts/page';
import { menuStyles } from '../Menu';
import { SearchBar } from '../SearchBar';
import * as styles from './styles.module.css';
import type { NavbarItemRenderProps } from './types';

export function SearchNavbarItem({ mobile }: NavbarItemRenderProps & { item: SearchItem }) {
  const { pathname } = usePage();
  if (!pathname.startsWith(DOCS_ROOT)) return null;
  return mobile ? (
    <li className={menuStyles.item}>
      <SearchBar />
    </li>
  ) : (
    <div className={styles.item}>
      <SearchBar />
    </div>
  );
}
