/**
 * What the shell knows about the current page: its location and, on docs pages, the sidebar it
 * belongs to (from the page context created in gatsby-node).
 */
import { createContext, useContext } from 'react';

export interface PageInfo {
  pathname: string;
  hash: string;
  search: string;
  sidebarId: string | null;
}

export const PageContext = createContext<PageInfo>({
  pathname: '/',
  hash: '',
  search: '',
  sidebarId: null,
});

export function usePage(): PageInfo {
  return useContext(PageContext);
}
