/**
 * A small search over the docs' titles and descriptions (the docs index inlined at build time).
 * The Brand API site does not configure it, but it is one of the navbar item kinds of SPEC §2.
 */
import { navigate } from 'gatsby';
import { useId, useMemo, useState } from 'react';
import type { SearchNavbarItem as SearchItem } from '../../config/navbar-item-schemas';
import { docsIndex } from '../../config/docs-index';
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
      className="navbar__search"
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
        className="navbar__search-input"
        placeholder="Search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-controls={`${id}-results`}
      />
      <ul id={`${id}-results`} className="navbar__search-results" aria-live="polite">
        {results.map((doc) => (
          <li key={doc.id}>
            <a href={doc.path}>{doc.title}</a>
          </li>
        ))}
      </ul>
    </form>
  );
  return mobile ? (
    <li className="menu__list-item">{form}</li>
  ) : (
    <div className="navbar__item">{form}</div>
  );
}
