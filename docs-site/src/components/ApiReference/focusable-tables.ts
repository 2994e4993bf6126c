/**
 * The tables of the reference's descriptions (the scopes and the errors under Authentication)
 * scroll sideways on a narrow screen: Redoc styles markdown tables `display: block; overflow:
 * auto`. So do its code samples (<pre>, the event stream's sample). Keyboard users can scroll
 * only what they can focus (WCAG 2.1.1, axe `scrollable-region-focusable`), so each gets
 * tabindex="0": in the HTML rendered at build time, and in Redoc's DOM once it is live. Redoc's
 * markdown renderer writes bare `<table>`s; its own tables (parameters, schemas) carry classes
 * and wrap instead of scrolling.
 */
const MARKDOWN_TABLE = '.redoc-markdown table, [data-api-reference] pre';

/** Build time: the reference's HTML with its markdown tables focusable. */
export function withFocusableMarkdownTables(html: string): string {
  return html
    .replaceAll('<table>', '<table tabindex="0">')
    .replace(/<pre(?=[ >])/g, '<pre tabindex="0"');
}

/** In the browser, after Redoc has rendered into `root` (inside [data-api-reference]). */
export function focusableMarkdownTables(root: ParentNode): void {
  for (const region of root.querySelectorAll(MARKDOWN_TABLE)) region.setAttribute('tabindex', '0');
}
