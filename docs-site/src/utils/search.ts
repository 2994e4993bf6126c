/**
 * Full-text search of the guides, shared by the build (which writes the sections of every guide
 * to SEARCH_INDEX_PATH) and the browser (which loads them when the search opens and indexes
 * them with MiniSearch: a few dozen sections index in milliseconds, so no prebuilt index ships).
 */
import MiniSearch, { type SearchResult } from 'minisearch';

/** Served from public/, written after the build by gatsby-node's onPostBuild. */
export const SEARCH_INDEX_PATH = '/search-index.json';

/** One section of a guide: the text under an h2 or h3 (or the page's introduction). */
export interface SearchDocument {
  /** The section's URL: the page's path and, for a heading, its anchor. */
  id: string;
  /** The guide's title. */
  page: string;
  /** The section's heading; empty for the text before the first heading. */
  heading: string;
  text: string;
}

export interface SearchHit {
  document: SearchDocument;
  /** The words of the document that matched (after prefix and fuzzy matching). */
  terms: string[];
}

export function createSearch(documents: readonly SearchDocument[]): (query: string) => SearchHit[] {
  const index = new MiniSearch<SearchDocument>({
    fields: ['page', 'heading', 'text'],
    storeFields: ['page', 'heading', 'text'],
    searchOptions: { boost: { heading: 3, page: 2 }, prefix: true, fuzzy: 0.2 },
  });
  index.addAll(documents);
  const byId = new Map(documents.map((document) => [document.id, document]));
  return (query) =>
    index
      .search(query)
      .slice(0, 8)
      .flatMap((result: SearchResult) => {
        const document = byId.get(String(result.id));
        return document === undefined ? [] : [{ document, terms: result.terms }];
      });
}

export interface Segment {
  text: string;
  match: boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Splits text into runs, marking every occurrence of a term (whole or as a word's start). */
export function highlight(text: string, terms: readonly string[]): Segment[] {
  const words = terms.filter((term) => term.length > 0).map(escapeRegExp);
  if (words.length === 0) return [{ text, match: false }];
  const pattern = new RegExp(`(${words.join('|')})`, 'gi');
  // Splitting on a capturing group puts the matches at the odd indexes.
  return text
    .split(pattern)
    .map((part, index) => ({ text: part, match: index % 2 === 1 }))
    .filter((segment) => segment.text !== '');
}

/** About `length` characters of text around the first matched term, cut at word boundaries. */
export function excerpt(text: string, terms: readonly string[], length = 160): string {
  const lower = text.toLowerCase();
  const first = Math.min(
    ...terms.map((term) => lower.indexOf(term.toLowerCase())).filter((at) => at !== -1),
  );
  const start = Number.isFinite(first) ? Math.max(0, first - length / 3) : 0;
  const from = start === 0 ? 0 : text.indexOf(' ', start) + 1;
  const end = Math.min(text.length, from + length);
  const to = end === text.length ? end : text.lastIndexOf(' ', end);
  return `${from > 0 ? '… ' : ''}${text.slice(from, to > from ? to : end)}${end < text.length ? ' …' : ''}`;
}
