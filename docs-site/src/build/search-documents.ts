/**
 * Build time: the sections of a built guide page, for the search (src/utils/search.ts). Reads
 * the page's HTML as the reader gets it, so code filled in from samples and tables are found
 * too; a section runs from an h2 or h3 to the next one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HTMLElement, parse, TextNode, type Node } from 'node-html-parser';
import { SEARCH_INDEX_PATH, type SearchDocument } from '../utils/search';

/** What is chrome rather than content: heading anchors, copy buttons, tab names. */
const NOT_CONTENT = '.hash-link, button, [role="tablist"], [role="status"]';

/**
 * node-html-parser keeps the content of a <pre> as raw text by default: a highlighted code
 * block's text was then its markup (`<span class="token string">`), and searching "span"
 * found every code block (issue 26). Here a <pre> is parsed like any element.
 */
const PARSE_OPTIONS = { blockTextElements: { script: true, noscript: true, style: true } };

function parseHtml(html: string): HTMLElement {
  return parse(html, PARSE_OPTIONS);
}

/** Elements whose text stands apart from what is next to it (a table's cells, a list's items). */
const BLOCKS = new Set(['br', 'div', 'li', 'p', 'pre', 'td', 'th', 'tr', 'dt', 'dd', 'blockquote']);

/** The text of a node as read: a block's text is kept apart from its neighbours' by a space. */
function readText(node: Node): string {
  if (node instanceof TextNode) return node.text;
  if (!(node instanceof HTMLElement)) return '';
  const text = node.childNodes.map(readText).join('');
  return BLOCKS.has(node.tagName.toLowerCase()) ? ` ${text} ` : text;
}

function textOf(element: HTMLElement): string {
  const copy = parseHtml(element.outerHTML);
  for (const chrome of copy.querySelectorAll(NOT_CONTENT)) chrome.remove();
  // The copy is parse()'s root, which has no tag of its own: its children are the element.
  return copy.childNodes.map(readText).join('').replace(/\s+/g, ' ').trim();
}

export function searchDocuments(html: string, pagePath: string, title: string): SearchDocument[] {
  const article = parseHtml(html).querySelector('main article');
  if (article === null) throw new Error(`No <article> in the page ${pagePath}`);
  const sections: SearchDocument[] = [{ id: pagePath, page: title, heading: '', text: '' }];
  for (const child of article.children) {
    const tag = child.tagName.toLowerCase();
    if (tag === 'h1') continue;
    if ((tag === 'h2' || tag === 'h3') && child.id !== '') {
      sections.push({
        id: `${pagePath}#${child.id}`,
        page: title,
        heading: textOf(child),
        text: '',
      });
      continue;
    }
    const section = sections[sections.length - 1];
    if (section !== undefined) section.text = `${section.text} ${textOf(child)}`.trim();
  }
  return sections.filter((section) => section.heading !== '' || section.text !== '');
}

/** Writes the search index of the given pages (built HTML under publicDir) to public/. */
export function writeSearchIndex(
  publicDir: string,
  pages: ReadonlyArray<{ path: string; title: string }>,
): number {
  const documents = pages.flatMap((page) =>
    searchDocuments(
      readFileSync(path.join(publicDir, page.path, 'index.html'), 'utf8'),
      page.path,
      page.title,
    ),
  );
  writeFileSync(path.join(publicDir, SEARCH_INDEX_PATH), JSON.stringify(documents));
  return documents.length;
}
