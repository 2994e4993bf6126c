/**
 * The sliding sidebar of narrow screens (≤ 996 px). On a docs page it opens on the docs sidebar
 * (secondary menu) with a 'Back to main menu' button; elsewhere on the navbar items.
 */
import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { siteConfig } from '../../../config/site-config';
import { sidebars } from '../../../config/sidebars';
import { useNavbarMobileSidebar } from '../../../contexts/navbarMobileSidebar';
import { usePage } from '../../../contexts/page';
import { CloseButton } from '../../CloseButton';
import { ColorModeToggle } from '../../ColorModeToggle';
import { DocSidebarItems } from '../../DocSidebar';
import { menuStyles } from '../../Menu';
import { NavbarItem } from '../../NavbarItem';
import { NavbarLogo } from '../Logo';
import * as styles from './styles.module.css';

export function MobileSidebar() {
  const { close, shown } = useNavbarMobileSidebar();
  const { sidebarId, pathname } = usePage();
  const docSidebar = sidebarId === null ? undefined : sidebars[sidebarId];
  const [showSecondary, setShowSecondary] = useState(docSidebar !== undefined);

  // Opening again (or navigating to another page) starts on the page's own menu.
  useEffect(() => {
    setShowSecondary(docSidebar !== undefined);
  }, [docSidebar, shown, pathname]);

  return (
    <div
      className={clsx(styles.sidebar, shown && styles.shown)}
      id="navbar-sidebar"
      aria-label="Site menu"
    >
      <div className={styles.brand}>
        <NavbarLogo onClick={close} className={styles.logo} />
        {!siteConfig.colorMode.disableSwitch && <ColorModeToggle />}
        <CloseButton
          label="Close navigation bar"
          onClick={close}
          size={21}
          strokeWidth={1.2}
          className={styles.close}
        />
      </div>
      <div className={clsx(styles.panels, showSecondary && styles.showSecondary)}>
        <div className={styles.panel} aria-hidden={showSecondary}>
          <ul className={menuStyles.list}>
            {siteConfig.navbar.items.map((item, index) => (
              <NavbarItem key={index} item={item} mobile onClick={close} />
            ))}
          </ul>
        </div>
        <div className={styles.panel} aria-hidden={!showSecondary}>
          {docSidebar !== undefined && (
            <>
              <button type="button" className={styles.back} onClick={() => setShowSecondary(false)}>
                ← Back to main menu
              </button>
              <DocSidebarItems items={docSidebar} onNavigate={close} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
