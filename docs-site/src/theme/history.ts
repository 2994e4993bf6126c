/**
 * The browser history as SPEC §2 and §9 want it, set up before Gatsby's router reads it
 * (gatsby-browser onClientEntry):
 *  - every history entry has a 6-character key (Docusaurus' `h26bct`), not reach-router's
 *    13-digit timestamp;
 *  - `/x/index.html` and `/x.html` show as `/x/`, also on a static host that does no redirect.
 *    Such a host answers `/x.html` with the 404 page's HTML: that page is then rendered in the
 *    browser instead of hydrating HTML that belongs to another page.
 */
import { globalHistory } from '@gatsbyjs/reach-router';
import { canonicalPath } from '../utils/paths';

export const HISTORY_KEY_LENGTH = 6;
const KEY_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

export function createHistoryKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(HISTORY_KEY_LENGTH));
  return Array.from(bytes, (byte) => KEY_ALPHABET[byte % KEY_ALPHABET.length]).join('');
}

function hasKey(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof (state as { key?: unknown }).key === 'string' &&
    (state as { key: string }).key.length === HISTORY_KEY_LENGTH
  );
}

/** A history state with a 6-character key; other kinds of state are left alone. */
export function withHistoryKey(state: unknown): unknown {
  if (hasKey(state)) return state;
  if (state === null || state === undefined) return { key: createHistoryKey() };
  if (typeof state !== 'object' || Array.isArray(state)) return state;
  return { ...state, key: createHistoryKey() };
}

/**
 * reach-router (Gatsby's router) writes `key: Date.now() + ""` into every entry it pushes and
 * offers no option: keys are rewritten where every writer goes through, pushState and
 * replaceState. An entry keeps its key when it is replaced.
 */
export function installHistoryKeys(history: History = window.history): void {
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  history.pushState = (state: unknown, unused: string, url?: string | URL | null) =>
    push(withHistoryKey(state), unused, url);
  history.replaceState = (state: unknown, unused: string, url?: string | URL | null) =>
    replace(withHistoryKey(state), unused, url);
}

declare global {
  interface Window {
    /** The page Gatsby rendered this HTML for (inlined by Gatsby in every page). */
    pagePath?: string;
  }
}

/**
 * Shows the canonical URL and keys the first entry. Returns true when the HTML on screen is
 * another page's (the 404 page served for `/x.html`): it must be rendered, not hydrated.
 */
export function normaliseInitialLocation(): boolean {
  const { pathname, search, hash } = window.location;
  const canonical = canonicalPath(pathname);
  // Through reach-router, whose cached location would otherwise still be the old URL.
  void globalHistory.navigate((canonical ?? pathname) + search + hash, {
    replace: true,
    state: window.history.state as unknown,
  });
  return canonical !== undefined && window.pagePath !== undefined && window.pagePath !== canonical;
}
