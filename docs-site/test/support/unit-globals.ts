/**
 * The build-time constants webpack inlines (gatsby-node DefinePlugin), computed the same way for
 * unit tests: the docs index from content/docs front matter, the contracts data from contracts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { TextDecoder, TextEncoder } from 'node:util';
import type * as ContractsDataModule from '../../src/build/contracts-data';
import type { DocsIndex } from '../../src/build/docs-index';
import { docPath } from '../../src/config/docs-paths';

// jsdom lacks these; TypeBox (through contracts) needs them at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });
// Required after the assignment above (imports would be hoisted before it).
/* eslint-disable @typescript-eslint/no-require-imports */
const { buildContractsData } =
  require('../../src/build/contracts-data') as typeof ContractsDataModule;
/* eslint-enable @typescript-eslint/no-require-imports */

const DOCS = path.join(__dirname, '../../content/docs');

function mdxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return mdxFiles(file);
    return name.endsWith('.mdx') ? [file] : [];
  });
}

function frontMatter(source: string, key: string): string {
  const match = new RegExp(`^${key}: (.+)$`, 'm').exec(source);
  if (match?.[1] === undefined) throw new Error(`front matter "${key}" missing`);
  return match[1];
}

const docsIndex: DocsIndex = {};
for (const file of mdxFiles(DOCS)) {
  const id = path
    .relative(DOCS, file)
    .replace(/\.mdx$/, '')
    .split(path.sep)
    .join('/');
  const source = readFileSync(file, 'utf8');
  docsIndex[id] = {
    id,
    title: frontMatter(source, 'title'),
    description: frontMatter(source, 'description'),
    path: docPath(id),
  };
}

Object.assign(globalThis, {
  __DOCS_INDEX__: docsIndex,
  __BRAND_API_CONTRACTS__: buildContractsData('1.0.0'),
});
