#!/usr/bin/env node
// Fails when the source files of any workspace import each other in a cycle, type-only imports
// included: a cycle means no file of it can be read (or loaded) without all the others.
// Uses the TypeScript compiler's pre-processor, which lists every import, `import type`,
// `export … from` and `import()` of a file without type-checking it.
//
//   node scripts/check-import-cycles.mjs        (run by `npm run lint`)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const skipped = new Set(['node_modules', 'dist', 'build', 'public', '.cache', 'coverage']);
const sourceFile = /\.(ts|tsx|mts|cts)$/;

function* sourcesUnder(folder) {
  for (const name of readdirSync(folder)) {
    if (skipped.has(name) || name.startsWith('.')) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* sourcesUnder(path);
    else if (sourceFile.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

/** The file a relative specifier names, as TypeScript resolves it (a `.js` specifier names the `.ts` file). */
function resolveRelative(from, specifier) {
  const base = resolve(dirname(from), specifier.replace(/\.(c|m)?js$/, ''));
  const candidates = [base, ...['.ts', '.tsx', '.mts', '.cts'].map((ext) => base + ext)];
  candidates.push(...['index.ts', 'index.tsx'].map((index) => join(base, index)));
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

function importsOf(path) {
  const { importedFiles } = ts.preProcessFile(readFileSync(path, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveRelative(path, specifier))
    .filter((target) => target !== undefined);
}

/** Tarjan's strongly connected components: every component of two or more files is a cycle. */
function cyclesOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfImport = (graph.get(file) ?? []).includes(file);
    if (component.length > 1 || selfImport) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

let failed = false;
for (const workspace of workspaces) {
  const graph = new Map();
  for (const file of sourcesUnder(join(root, workspace))) graph.set(file, importsOf(file));
  for (const cycle of cyclesOf(graph)) {
    failed = true;
    console.error(`import cycle in ${workspace} (${cycle.length} files):`);
    for (const file of cycle) console.error(`  ${relative(root, file)}`);
  }
}
if (failed) {
  console.error('Break each cycle: move what both sides need into a module of its own.');
  process.exit(1);
}
console.log(`no import cycles in ${workspaces.length} workspaces`);
