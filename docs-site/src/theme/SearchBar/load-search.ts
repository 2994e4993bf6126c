/** Fetches the guides' sections once per visit and indexes them (see src/utils/search.ts). */
import { withPrefix } from 'gatsby';
import { createSearch, SEARCH_INDEX_PATH, type SearchDocument } from '../../utils/search';

type Search = ReturnType<typeof createSearch>;

let loading: Promise<Search> | undefined;

async function fetchSearch(): Promise<Search> {
  const response = await fetch(withPrefix(SEARCH_INDEX_PATH));
  if (!response.ok) throw new Error(`The search index answered ${response.status}`);
  return createSearch((await response.json()) as SearchDocument[]);
}

export function loadSearch(): Promise<Search> {
  loading ??= fetchSearch().catch((error: unknown) => {
    loading = undefined; // the next opening tries again
    throw error;
  });
  return loading;
}
