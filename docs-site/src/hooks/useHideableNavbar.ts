/**
 * SPEC §4 hideOnScroll, after Docusaurus' useHideableNavbar: hide when scrolling down past the
 * navbar's own height, show again on scroll up, near the top, or after a navigation (except a
 * jump to a #hash target, which would otherwise be covered by the navbar).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useScrollPosition } from './useScrollPosition';

export function useHideableNavbar(
  hideOnScroll: boolean,
  location: { pathname: string; hash: string },
): { navbarRef: (node: HTMLElement | null) => void; isNavbarVisible: boolean } {
  const [isNavbarVisible, setIsNavbarVisible] = useState(true);
  const isFocusedAnchor = useRef(false);
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
    if (isFocusedAnchor.current) {
      isFocusedAnchor.current = false;
      return;
    }
    const lastScrollY = last?.scrollY;
    const documentHeight = document.documentElement.scrollHeight - navbarHeight.current;
    if (lastScrollY !== undefined && lastScrollY !== 0 && scrollY >= lastScrollY) {
      setIsNavbarVisible(false);
    } else if (scrollY + window.innerHeight < documentHeight) {
      setIsNavbarVisible(true);
    }
  });

  useEffect(() => {
    if (!hideOnScroll) return;
    const anchor = location.hash
      ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
      : null;
    if (anchor !== null) {
      isFocusedAnchor.current = true;
      setIsNavbarVisible(false);
      return;
    }
    setIsNavbarVisible(true);
  }, [hideOnScroll, location.pathname, location.hash]);

  return { navbarRef, isNavbarVisible };
}
