// @ts-check
/**
 * Fills code blocks of the MDX guides from the real sources, so the guides show what CI compiles
 * and runs and what the API sends:
 *  - `file=samples/x.ts region=name`: the text between `// #region name` and
 *    `// #endregion name` of that file (other region markers removed, common indentation
 *    stripped);
 *  - `example=<name>`: a JSON example from the contracts package (the webhook payloads), pretty
 *    printed.
 * A missing file, region or example fails the build. The blocks are then highlighted like any
 * other (rehype-prism-plus).
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
 * @returns {{ file?: string, region?: string, example?: string, rest: string }}
 */
function parseMeta(meta) {
  /** @type {{ file?: string, region?: string, example?: string, rest: string }} */
  const parsed = { rest: '' };
  const rest = [];
  for (const part of (meta ?? '').split(/\s+/).filter(Boolean)) {
    const [key, value] = part.split('=');
    if (key === 'file' && value) parsed.file = value;
    else if (key === 'region' && value) parsed.region = value;
    else if (key === 'example' && value) parsed.example = value;
    else rest.push(part);
  }
  parsed.rest = rest.join(' ');
  return parsed;
}

/**
 * @param {Record<string, unknown>} examples
 * @param {string} name
 */
export function exampleJson(examples, name) {
  if (!Object.hasOwn(examples, name)) {
    throw new Error(
      `remark-code-region: no example "${name}" (known: ${Object.keys(examples).join(', ')})`,
    );
  }
  return JSON.stringify(examples[name], null, 2);
}

/** @param {{ root: string, examples?: Record<string, unknown> }} options */
export default function remarkCodeRegion(options) {
  /** @param {import('mdast').Root} tree */
  return (tree) => {
    visit(tree, 'code', (node) => {
      const { file, region, example, rest } = parseMeta(node.meta);
      if (example !== undefined) {
        node.value = exampleJson(options.examples ?? {}, example);
      } else if (file !== undefined) {
        const source = readFileSync(resolve(options.root, file), 'utf8');
        node.value = region === undefined ? source.trim() : extractRegion(source, region, file);
      } else {
        return;
      }
      node.meta = rest === '' ? null : rest;
    });
  };
}
