import type { DocEntry, DocsIndex } from '../build/docs-index';

declare const __DOCS_INDEX__: DocsIndex;

export const docsIndex: DocsIndex = __DOCS_INDEX__;

export function findDoc(docId: string): DocEntry | undefined {
  return docsIndex[docId];
}
