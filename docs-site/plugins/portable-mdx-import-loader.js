// @ts-check
/**
 * Webpack loader (enforce: 'post') for the doc page template as gatsby-plugin-mdx compiles it
 * for each guide (`doc-page.tsx?__contentFilePath=/absolute/path/to/guide.mdx`). Its layout
 * loader imports the guide by that absolute path; webpack names the import's variable and hashes
 * the dependency from the request, so the doc chunks' provisional content hashes depended on
 * where the repository was checked out. Those hashes sit in the runtime chunk while SWC minifies
 * it, and SWC picks short names by character frequency: the runtime's bytes changed from one
 * checkout to another (issue 16, defect 7; see src/build/portable-build.ts). The import becomes
 * relative to the template, which resolves to the same file.
 */
const path = require('node:path');

/**
 * @this {{ resourcePath: string; resourceQuery: string }}
 * @param {string} source
 * @returns {string}
 */
module.exports = function portableMdxImport(source) {
  const mdxPath = new URLSearchParams(this.resourceQuery.replace(/^\?/, '')).get(
    '__contentFilePath',
  );
  if (mdxPath === null || !path.isAbsolute(mdxPath)) return source;
  let relative = path.relative(path.dirname(this.resourcePath), mdxPath).split(path.sep).join('/');
  if (!relative.startsWith('.')) relative = `./${relative}`;
  let found = 0;
  const rewritten = source.replace(
    /(["'])([^"'\n]+)\1/g,
    (/** @type {string} */ literal, /** @type {string} */ quote, /** @type {string} */ value) => {
      if (value !== mdxPath) return literal;
      found += 1;
      return `${quote}${relative}${quote}`;
    },
  );
  if (found !== 1) {
    throw new Error(
      `portable-mdx-import-loader: expected one import of ${mdxPath} in ${this.resourcePath}, found ${found} (has gatsby-plugin-mdx's layout loader changed?)`,
    );
  }
  return rewritten;
};
