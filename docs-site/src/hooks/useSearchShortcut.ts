import { useEffect, useRef } from 'react';

/** Where `/` is text being typed, not a shortcut. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Calls `open` on `/` (outside text fields) and on Ctrl-K / ⌘-K anywhere, like Docusaurus. */
export function useSearchShortcut(open: () => void): void {
  const callback = useRef(open);
  callback.current = open;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const ctrlK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey);
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (!ctrlK && !(slash && !isEditable(event.target))) return;
      event.preventDefault();
      callback.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
