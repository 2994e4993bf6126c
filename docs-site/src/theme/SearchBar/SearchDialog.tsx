/**
 * The search dialog: a modal <dialog> (Esc and a click outside close it, focus returns to the
 * button), a combobox input and a listbox of sections; arrows choose, Enter opens, matches are
 * marked.
 */
import { navigate } from 'gatsby';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { excerpt, highlight, type SearchHit } from '../../utils/search';
import { CloseButton } from '../CloseButton';
import { loadSearch } from './load-search';
import * as styles from './styles.module.css';

function Marked({ text, terms }: { text: string; terms: string[] }) {
  return (
    <>
      {highlight(text, terms).map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : segment.text,
      )}
    </>
  );
}

type Search = (query: string) => SearchHit[];

export function SearchDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [search, setSearch] = useState<Search | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  useEffect(() => {
    dialog.current?.showModal();
    let current = true;
    loadSearch().then(
      (loaded) => current && setSearch(() => loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  const hits = useMemo(
    () => (search === null || query.trim() === '' ? [] : search(query)),
    [search, query],
  );
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  // The `close` event comes a task after close(): a reader (or a test) could meanwhile find the
  // dialog gone and the focus still on its hidden input. Focus is given back in the same task.
  const close = () => {
    dialog.current?.close();
    onClose();
  };

  const open = (hit: SearchHit | undefined) => {
    if (hit === undefined) return;
    close();
    void navigate(hit.document.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // A search input's first Escape would only clear it: Esc closes the dialog at once.
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (hits.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(hits[active]);
    }
  };

  let status = '';
  if (failed) status = 'The search could not load. Check your connection and try again.';
  else if (search === null) status = 'Loading the search…';
  else if (query.trim() !== '')
    status = hits.length === 0 ? `No results for “${query}”` : `${hits.length} results`;

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-label="Search the docs"
      // Closes the browser makes by itself (Esc while the close button has focus).
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialog.current) close();
      }}
    >
      <div className={styles.header}>
        <label htmlFor={`${id}-input`} className="sr-only">
          Search the docs
        </label>
        <input
          id={`${id}-input`}
          className={styles.input}
          type="search"
          role="combobox"
          placeholder="Search the guides"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={hits.length > 0}
          aria-controls={hits.length > 0 ? `${id}-results` : undefined}
          aria-activedescendant={hits.length > 0 ? optionId(active) : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <CloseButton label="Close the search" onClick={close} />
      </div>
      <p role="status" className={styles.status}>
        {status}
      </p>
      {hits.length > 0 && (
        <ul id={`${id}-results`} role="listbox" aria-label="Results" className={styles.results}>
          {hits.map((hit, index) => (
            <li
              key={hit.document.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={styles.result}
              onMouseMove={() => setActive(index)}
              onClick={() => open(hit)}
            >
              <span className={styles.resultTitle}>
                {hit.document.page}
                {hit.document.heading !== '' && (
                  <>
                    {' › '}
                    <Marked text={hit.document.heading} terms={hit.terms} />
                  </>
                )}
              </span>
              <span className={styles.resultText}>
                <Marked text={excerpt(hit.document.text, hit.terms)} terms={hit.terms} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </dialog>
  );
}
