// @ts-check
/**
 * Pulls code samples into MDX from real files by region, so the guides show code that CI
 * compiles and runs. A fenced block whose meta is `file=samples/x.ts region=name` gets the text
 * between `// #region name` and `// #endregion name` of that file (other region markers
 * removed, common indentation stripped). A missing file or region fails the build.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { visit } from 'unist-util-visit';

const MARKER = /^\s*\/\/ #(end)?region\b.*$/;

/**
 * @param {string} source
 * @param {string} region
 * @param {string} file
 */
export function extractRegion(source, region, file) {
  const lines = source.split('\n');
  const start = lines.findIndex((line) => line.trim() === `// #region ${region}`);
  const end = lines.findIndex(
    (line, index) => index > start && line.trim() === `// #endregion ${region}`,
  );
  if (start === -1 || end === -1) {
    throw new Error(`remark-code-region: region "${region}" not found in ${file}`);
  }
  const body = lines.slice(start + 1, end).filter((line) => !MARKER.test(line));
  const indents = body
    .filter((line) => line.trim() !== '')
    .map((line) => /^ */.exec(line)?.[0].length ?? 0);
  const indent = Math.min(...indents);
  return body
    .map((line) => line.slice(indent))
    .join('\n')
    .trim();
}

/**
 * @param {string | null | undefined} meta
 * @returns {{ file?: string, region?: string, rest: string }}
 */
function parseMeta(meta) {
  /** @type {{ file?: string, region?: string, rest: string }} */
  const parsed = { rest: '' };
  const rest = [];
  for (const part of (meta ?? '').split(/\s+/).filter(Boolean)) {
    const [key, value] = part.split('=');
    if (key === 'file' && value) parsed.file = value;
    else if (key === 'region' && value) parsed.region = value;
    else rest.push(part);
  }
  parsed.rest = rest.join(' ');
  return parsed;
}

/** @param {{ root: string }} options */
export default function remarkCodeRegion(options) {
  /** @param {import('mdast').Root} tree */
  return (tree) => {
    visit(tree, 'code', (node) => {
      const { file, region, rest } = parseMeta(node.meta);
      if (file === undefined) return;
      const source = readFileSync(resolve(options.root, file), 'utf8');
      node.value = region === undefined ? source.trim() : extractRegion(source, region, file);
      node.meta = rest === '' ? null : rest;
    });
  };
}
