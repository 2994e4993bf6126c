/**
 * The navbar's search of the guides: a button (and the `/` and Ctrl-K shortcuts) that opens the
 * search dialog. The dialog, MiniSearch and the index load only when the search first opens, so
 * a guide page's JavaScript barely grows.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { useSearchShortcut } from '../../hooks/useSearchShortcut';
import * as styles from './styles.module.css';

const MAGNIFIER =
  'M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z';

const SearchDialog = lazy(() =>
  import('./SearchDialog').then((module) => ({ default: module.SearchDialog })),
);

export function SearchBar() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useSearchShortcut(() => setOpen(true));
  // Focus comes back to the button however the dialog was opened: a modal dialog gives it back
  // to what had it before, which is nothing when a shortcut opened it.
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.searchButton}
        aria-label="Search the docs"
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K"
        onClick={() => setOpen(true)}
      >
        <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
          <path d={MAGNIFIER} fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        <span className={styles.searchLabel}>Search</span>
        <kbd className={styles.searchKey}>/</kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchDialog onClose={close} />
        </Suspense>
      )}
    </>
  );
}
