import { useEffect, useState } from 'react';

/** SPEC §9: 996 px and narrower is mobile; 997 px and wider is desktop. */
export const DESKTOP_MIN_WIDTH = 997;
const MOBILE_QUERY = `(max-width: ${DESKTOP_MIN_WIDTH - 1}px)`;

export type WindowSize = 'desktop' | 'mobile' | 'ssr';

/** 'ssr' until hydrated, so server and first client render agree. */
export function useWindowSize(): WindowSize {
  const [size, setSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => setSize(query.matches ? 'mobile' : 'desktop');
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return size;
}
