/**
 * The sliding sidebar of narrow screens (≤ 996 px). On a docs page it opens on the docs sidebar
 * (secondary menu) with a 'Back to main menu' button; elsewhere on the navbar items.
 */
import { useEffect, useState } from 'react';
import { siteConfig } from '../../config/site-config';
import { sidebars } from '../../config/sidebars';
import { useNavbarMobileSidebar } from '../../contexts/navbarMobileSidebar';
import { usePage } from '../../contexts/page';
import { ColorModeToggle } from '../ColorModeToggle';
import { DocSidebarItems } from '../DocSidebar';
import { NavbarItem } from '../NavbarItem';
import { NavbarLogo } from './NavbarLogo';

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
    <div className="navbar-sidebar" id="navbar-sidebar" aria-label="Site menu">
      <div className="navbar-sidebar__brand">
        <NavbarLogo onClick={close} />
        {!siteConfig.colorMode.disableSwitch && (
          <ColorModeToggle className="navbar-sidebar__toggle" />
        )}
        <button
          type="button"
          className="navbar-sidebar__close"
          aria-label="Close navigation bar"
          onClick={close}
        >
          <svg viewBox="0 0 15 15" width="21" height="21" aria-hidden="true">
            <g stroke="currentColor" strokeWidth="1.2">
              <path d="M.75.75l13.5 13.5M14.25.75L.75 14.25" />
            </g>
          </svg>
        </button>
      </div>
      <div
        className={[
          'navbar-sidebar__items',
          showSecondary ? 'navbar-sidebar__items--show-secondary' : '',
        ].join(' ')}
      >
        <div className="navbar-sidebar__item menu" aria-hidden={showSecondary}>
          <ul className="menu__list">
            {siteConfig.navbar.items.map((item, index) => (
              <NavbarItem key={index} item={item} mobile onClick={close} />
            ))}
          </ul>
        </div>
        <div className="navbar-sidebar__item menu" aria-hidden={!showSecondary}>
          {docSidebar !== undefined && (
            <>
              <button
                type="button"
                className="navbar-sidebar__back"
                onClick={() => setShowSecondary(false)}
              >
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
