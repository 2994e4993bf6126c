/**
 * The top navigation (SPEC §2): aria-label 'Main', items left and right, colour toggle,
 * hamburger and sliding sidebar at ≤ 996 px, hideOnScroll, styles dark/primary.
 */
import { siteConfig } from '../../config/site-config';
import { useNavbarMobileSidebar } from '../../contexts/navbarMobileSidebar';
import { usePage } from '../../contexts/page';
import { useHideableNavbar } from '../../hooks/useHideableNavbar';
import { useLockBodyScroll } from '../../hooks/useLockBodyScroll';
import { ColorModeToggle } from '../ColorModeToggle';
import { NavbarItem } from '../NavbarItem';
import { MobileSidebar } from './MobileSidebar';
import { NavbarLogo } from './NavbarLogo';

export function Navbar() {
  const { navbar, colorMode } = siteConfig;
  const page = usePage();
  const mobileSidebar = useNavbarMobileSidebar();
  const { navbarRef, isNavbarVisible } = useHideableNavbar(navbar.hideOnScroll, page);
  useLockBodyScroll(mobileSidebar.shown);
  const left = navbar.items.filter((item) => item.position !== 'right');
  const right = navbar.items.filter((item) => item.position === 'right');

  const classes = [
    'navbar',
    navbar.style === 'dark' ? 'navbar--dark' : '',
    navbar.style === 'primary' ? 'navbar--primary' : '',
    navbar.hideOnScroll ? 'navbar--hideable' : '',
    !isNavbarVisible ? 'navbar--hidden' : '',
    mobileSidebar.shown ? 'navbar-sidebar--show' : '',
  ];

  return (
    <nav ref={navbarRef} aria-label="Main" className={classes.filter(Boolean).join(' ')}>
      <div className="navbar__inner">
        <div className="navbar__items">
          <button
            type="button"
            className="navbar__toggle"
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
        <div className="navbar__items navbar__items--right">
          {right.map((item, index) => (
            <NavbarItem key={index} item={item} />
          ))}
          {!colorMode.disableSwitch && <ColorModeToggle className="navbar__color-toggle" />}
        </div>
      </div>
      <div role="presentation" className="navbar-sidebar__backdrop" onClick={mobileSidebar.close} />
      {mobileSidebar.shouldRender && <MobileSidebar />}
    </nav>
  );
}
