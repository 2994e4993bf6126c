/**
 * SPEC §4 hideOnScroll, after Docusaurus' useHideableNavbar: hide when scrolling down past the
 * navbar's own height; show again on scroll up, near the top, after a navigation, and when
 * navigating to a hash target. A jump to a heading (a TOC link, a section of the API reference)
 * leaves the navbar shown, and the heading lands just below it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useScrollPosition } from './useScrollPosition';

const ANCHOR_NAVIGATION_EVENT = 'brand-docs:jump-to-anchor';
const JUMP_QUIET_MS = 200;

/**
 * For a script about to scroll to a section by itself (Redoc's sidebar): the navbar treats it
 * like a link to an anchor. (Redoc also rewrites the URL's hash while the reader scrolls, so
 * URL changes alone cannot tell a jump.)
 */
export function announceJumpToAnchor(): void {
  window.dispatchEvent(new Event(ANCHOR_NAVIGATION_EVENT));
}

export function useHideableNavbar(
  hideOnScroll: boolean,
  location: { pathname: string; hash: string },
): { navbarRef: (node: HTMLElement | null) => void; isNavbarVisible: boolean } {
  const [isNavbarVisible, setIsNavbarVisible] = useState(true);
  /**
   * Until when scrolling is a jump to an anchor, not the reader scrolling down: a jump can be
   * several scroll events (Redoc scrolls, then corrects by its offset), so the window lasts
   * until the scrolling has been quiet for a moment.
   */
  const jumpUntil = useRef(0);
  const navbarHeight = useRef(0);
  const navbarRef = useCallback((node: HTMLElement | null) => {
    if (node !== null) navbarHeight.current = node.getBoundingClientRect().height;
  }, []);

  useScrollPosition(({ scrollY }, last) => {
    if (!hideOnScroll) return;
    if (scrollY < navbarHeight.current) {
      setIsNavbarVisible(true);
      return;
    }
    const now = performance.now();
    if (now < jumpUntil.current) {
      jumpUntil.current = now + JUMP_QUIET_MS;
      return;
    }
    const lastScrollY = last?.scrollY;
    const documentHeight = document.documentElement.scrollHeight - navbarHeight.current;
    if (lastScrollY === undefined || scrollY === lastScrollY) return;
    if (lastScrollY !== 0 && scrollY > lastScrollY) {
      setIsNavbarVisible(false);
    } else if (scrollY + window.innerHeight < documentHeight) {
      setIsNavbarVisible(true);
    }
  });

  useEffect(() => {
    if (!hideOnScroll) return;
    // A link to #id (native), or a script announcing a jump (Redoc's sidebar), just before the
    // page jumps there.
    const onJump = () => {
      jumpUntil.current = performance.now() + JUMP_QUIET_MS;
      setIsNavbarVisible(true);
    };
    window.addEventListener('hashchange', onJump);
    window.addEventListener(ANCHOR_NAVIGATION_EVENT, onJump);
    return () => {
      window.removeEventListener('hashchange', onJump);
      window.removeEventListener(ANCHOR_NAVIGATION_EVENT, onJump);
    };
  }, [hideOnScroll]);

  useEffect(() => {
    if (!hideOnScroll) return;
    if (location.hash !== '') jumpUntil.current = performance.now() + JUMP_QUIET_MS;
    setIsNavbarVisible(true);
  }, [hideOnScroll, location.pathname, location.hash]);

  return { navbarRef, isNavbarVisible };
}
