/**
 * The top navigation (SPEC §2): aria-label 'Main', items left and right, colour toggle,
 * hamburger and sliding sidebar at ≤ 996 px, hideOnScroll, styles dark/primary.
 */
import clsx from 'clsx';
import { useEffect } from 'react';
import { siteConfig } from '../../config/site-config';
import { useNavbarMobileSidebar } from '../../contexts/navbarMobileSidebar';
import { usePage } from '../../contexts/page';
import { useHideableNavbar } from '../../hooks/useHideableNavbar';
import { useLockBodyScroll } from '../../hooks/useLockBodyScroll';
import { useWindowSize } from '../../hooks/useWindowSize';
import { ColorModeToggle } from '../ColorModeToggle';
import { NavbarItem } from '../NavbarItem';
import { NavbarLogo } from './Logo';
import { MobileSidebar } from './MobileSidebar';
import * as styles from './styles.module.css';

export function Navbar() {
  const { navbar, colorMode } = siteConfig;
  const page = usePage();
  const mobileSidebar = useNavbarMobileSidebar();
  const { navbarRef, isNavbarVisible } = useHideableNavbar(navbar.hideOnScroll, page);
  useLockBodyScroll(mobileSidebar.shown);
  const isMobile = useWindowSize() === 'mobile';
  useEffect(() => {
    // For what sits under the navbar and moves up when it hides (the API reference's sidebar).
    document.documentElement.toggleAttribute('data-navbar-hidden', !isNavbarVisible);
  }, [isNavbarVisible]);
  const left = navbar.items.filter((item) => item.position !== 'right');
  const right = navbar.items.filter((item) => item.position === 'right');

  return (
    <nav
      ref={navbarRef}
      aria-label="Main"
      className={clsx(
        styles.navbar,
        navbar.style === 'dark' && styles.dark,
        navbar.style === 'primary' && styles.primary,
        navbar.hideOnScroll && styles.hideable,
        !isNavbarVisible && styles.hidden,
      )}
      data-hidden={isNavbarVisible ? undefined : 'true'}
    >
      <div className={styles.inner}>
        <div className={styles.items}>
          <button
            type="button"
            className={styles.toggle}
            aria-label="Toggle navigation bar"
            aria-expanded={mobileSidebar.shown}
            aria-controls="navbar-sidebar"
            onClick={mobileSidebar.toggle}
          >
            <svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true">
              <path
                stroke="currentColor"
                strokeLinecap="round"
                strokeMiterlimit="10"
                strokeWidth="2"
                d="M4 7h22M4 15h22M4 23h22"
              />
            </svg>
          </button>
          <NavbarLogo />
          {left.map((item, index) => (
            <NavbarItem key={index} item={item} />
          ))}
        </div>
        <div className={clsx(styles.items, styles.itemsRight)}>
          {right.map((item, index) => (
            <NavbarItem key={index} item={item} />
          ))}
          {!colorMode.disableSwitch && <ColorModeToggle />}
        </div>
      </div>
      <div
        role="presentation"
        className={clsx(styles.backdrop, mobileSidebar.shown && styles.backdropShown)}
        onClick={mobileSidebar.close}
      />
      {isMobile && mobileSidebar.openedOnce && <MobileSidebar />}
    </nav>
  );
}
