/**
 * SPEC §4 mobile sidebar, after Docusaurus' navbarMobileSidebar context: toggles open or closed,
 * closes on back navigation and when the window becomes desktop-wide.
 *
 * The context value never changes while the page hydrates (the window size is not part of it):
 * a context update reaching a Suspense boundary that has not hydrated yet makes React throw
 * away its server HTML (error #421), which slow phones hit.
 */
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useWindowSize } from '../hooks/useWindowSize';
import { createRequiredContext } from './requiredContext';

interface MobileSidebarValue {
  /**
   * The user has opened it at least once: rendering it on load would be wasted work for the
   * many visitors who never open it.
   */
  openedOnce: boolean;
  shown: boolean;
  toggle: () => void;
  close: () => void;
}

const [MobileSidebarContextProvider, useMobileSidebarContext] =
  createRequiredContext<MobileSidebarValue>(
    'useNavbarMobileSidebar',
    'NavbarMobileSidebarProvider',
  );

export function NavbarMobileSidebarProvider({ children }: { children: ReactNode }) {
  const windowSize = useWindowSize();
  const [shown, setShown] = useState(false);
  const [openedOnce, setOpenedOnce] = useState(false);

  useEffect(() => {
    if (windowSize === 'desktop') startTransition(() => setShown(false));
  }, [windowSize]);

  useEffect(() => {
    if (!shown) return;
    // Android's back button (or any history pop) closes the sidebar.
    const onPop = () => setShown(false);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [shown]);

  const toggle = useCallback(() => {
    setOpenedOnce(true);
    setShown((current) => !current);
  }, []);
  const close = useCallback(() => setShown(false), []);
  const value = useMemo(
    () => ({ openedOnce, shown, toggle, close }),
    [openedOnce, shown, toggle, close],
  );
  return <MobileSidebarContextProvider value={value}>{children}</MobileSidebarContextProvider>;
}

export const useNavbarMobileSidebar = useMobileSidebarContext;
