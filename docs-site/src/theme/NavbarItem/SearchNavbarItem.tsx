/**
 * A small search over the docs' titles and descriptions (the docs index inlined at build time).
 * The Brand API site does not configure it, but it is one of the navbar item kinds of SPEC §2.
 */
import { navigate } from 'gatsby';
import { useId, useMemo, useState } from 'react';
import type { SearchNavbarItem as SearchItem } from '../../config/navbar-item-schemas';
import { docsIndex } from '../../config/docs-index';
import { menuStyles } from '../Menu';
import * as styles from './styles.module.css';
import type { NavbarItemRenderProps } from './types';

export function searchDocs(query: string) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return Object.values(docsIndex).filter((doc) => {
    const text = `${doc.title} ${doc.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

export function SearchNavbarItem({
  mobile,
  onClick,
}: NavbarItemRenderProps & { item: SearchItem }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchDocs(query), [query]);
  const form = (
    <form
      role="search"
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        const first = results[0];
        if (first !== undefined) {
          onClick?.();
          void navigate(first.path);
        }
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search the docs
      </label>
      <input
        id={id}
        type="search"
        className={styles.searchInput}
        placeholder="Search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-controls={`${id}-results`}
      />
      <ul id={`${id}-results`} className={styles.searchResults} aria-live="polite">
        {results.map((doc) => (
          <li key={doc.id}>
            <a href={doc.path}>{doc.title}</a>
          </li>
        ))}
      </ul>
    </form>
  );
  return mobile ? (
    <li className={menuStyles.item}>{form}</li>
  ) : (
    <div className={styles.item}>{form}</div>
  );
}
