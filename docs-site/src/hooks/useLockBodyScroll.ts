import { useEffect } from 'react';

/** SPEC §4: page scrolling is locked while the mobile sidebar is open. */
export function useLockBodyScroll(lock: boolean): void {
  useEffect(() => {
    if (!lock) return;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = '';
    };
  }, [lock]);
}
