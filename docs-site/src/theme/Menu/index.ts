/** Shared by every menu: the docs sidebar, the mobile sidebar and its dropdowns. */
import * as menuStyles from './styles.module.css';

export { menuStyles };
