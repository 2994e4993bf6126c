// @ts-check
/**
 * Webpack loader for Redoc 2.5's browser bundle (its Node bundle gets the same patches for the
 * build-time render, src/build/api-reference). Each fix is found exactly once or the build fails
 * (so a Redoc upgrade is reviewed rather than silently regressing):
 *  - Redoc shows an <img> loaded from its CDN next to "API docs by Redocly"; the docs site must
 *    request no other host, so it points at our own copy.
 *  - Section labels are h5 elements after an h2; they become h3 (heading order).
 *  - A few colours are hard-coded for a light page (white table rows, grey labels, teal
 *    patterns, white-on-primary buttons) and fail contrast in our dark mode. Each becomes a CSS
 *    variable whose fallback is Redoc's own value, so light mode is unchanged and dark mode sets
 *    the variables (src/components/ApiReference/styles.module.css).
 */
const REPLACEMENTS = [
  ['https://cdn.redoc.ly/redoc/logo-mini.svg', '/img/redoc-mini.svg'],
  // "Request body schema", "Responses": h5 right after an operation's h2 broke the heading
  // order (axe, Lighthouse); as h3 they keep their look (every property is set explicitly).
  [
    '.h5`\n  border-bottom: 1px solid rgba(38, 50, 56, 0.3);',
    '.h3`\n  border-bottom: 1px solid rgba(38, 50, 56, 0.3);',
  ],
  ['color: #0e7c86;', 'color: var(--redoc-pattern, #0e7c86);'],
  ['color: rgba(38, 50, 56, 0.7);', 'color: var(--redoc-label, rgba(38, 50, 56, 0.7));'],
  [
    'border-bottom: 1px solid rgba(38, 50, 56, 0.3);',
    'border-bottom: 1px solid var(--redoc-label-border, rgba(38, 50, 56, 0.3));',
  ],
  ['  color: black;\n', '  color: var(--redoc-mime, black);\n'],
  [
    'table tr {\n    background-color: #fff;\n    border-top: 1px solid #ccc;',
    'table tr {\n    background-color: var(--redoc-table-row, #fff);\n    border-top: 1px solid var(--redoc-table-border, #ccc);',
  ],
  ['border: 1px solid #ddd;', 'border: 1px solid var(--redoc-table-border, #ddd);'],
  [
    '\\n      color: white;\\n      background-color: ${e.theme.colors.primary.main};',
    '\\n      color: var(--redoc-on-primary, white);\\n      background-color: ${e.theme.colors.primary.main};',
  ],
  [
    '\\n        color: ${e.theme.colors.primary.main};\\n        background-color: white;',
    '\\n        color: ${e.theme.colors.primary.main};\\n        background-color: var(--redoc-surface, white);',
  ],
];

/** @param {string} source */
module.exports = function redocSelfHostedLoader(source) {
  let patched = source;
  for (const [from, to] of REPLACEMENTS) {
    const count = patched.split(from).length - 1;
    if (count !== 1) {
      throw new Error(
        `redoc-self-hosted-loader: expected one ${JSON.stringify(from)} in Redoc's bundle, found ${count}`,
      );
    }
    patched = patched.replace(from, () => to);
  }
  return patched;
};
