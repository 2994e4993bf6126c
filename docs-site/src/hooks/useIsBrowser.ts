import { useEffect, useState } from 'react';

/** False during server rendering and hydration, true after: keeps both renders identical. */
export function useIsBrowser(): boolean {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => setIsBrowser(true), []);
  return isBrowser;
}
