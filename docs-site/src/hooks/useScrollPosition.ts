import { useEffect, useRef } from 'react';

export interface ScrollPosition {
  scrollY: number;
}

/** Calls back on every scroll with the current and the previous position. */
export function useScrollPosition(
  onScroll: (position: ScrollPosition, last: ScrollPosition | null) => void,
): void {
  const last = useRef<ScrollPosition | null>(null);
  const callback = useRef(onScroll);
  callback.current = onScroll;
  useEffect(() => {
    const handle = () => {
      const position = { scrollY: window.scrollY };
      callback.current(position, last.current);
      last.current = position;
    };
    window.addEventListener('scroll', handle, { passive: true });
    return () => window.removeEventListener('scroll', handle);
  }, []);
}
