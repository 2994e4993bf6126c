/**
 * Titles and paths of every doc, known at build time and inlined into the browser bundle as
 * `__DOCS_INDEX__` (webpack DefinePlugin): the sidebar, breadcrumbs and doc navbar items need
 * them on every page, and inlining costs no extra request.
 */
export interface DocEntry {
  id: string;
  title: string;
  description: string;
  path: string;
}

export type DocsIndex = Record<string, DocEntry>;
