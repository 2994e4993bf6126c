#!/usr/bin/env node
// Fails on a source file a reader cannot take in at once: any TypeScript source file over 300
// lines, and any function of the projection runner or the webhook deliverer over 80 lines.
// Tests (`*.spec.ts`, `testing/` and `test/` folders), benchmarks (`*.bench.ts`, `bench/`
// folders) and generated files (`*.d.ts`, or marked `@generated` at the top) are not counted.
// Functions are measured with the TypeScript compiler's parser, from their first token to
// their last (a doc comment above is not counted; a function nested in another counts in both).
//
//   node scripts/check-sizes.mjs        (run by `npm run lint`)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import ts from 'typescript';

const maxFileLines = 300;
const maxFunctionLines = 80;
/** Where functions are measured: the projection runner and the webhook deliverer. */
const functionScopes = ['services/event-store/src/projections/', 'services/webhooks/src/'];

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const sourceFile = /\.(ts|tsx|mts|cts)$/;
const testFile = /\.(spec|test)\.(ts|tsx|mts|cts)$/;
const benchFile = /\.bench\.(ts|tsx|mts|cts)$/;
const testOrBenchFolder = /(^|\/)(testing|test|tests|__tests__|bench)\//;
const generatedMarker = /@generated\b/;

const sources = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => sourceFile.test(path) && !path.endsWith('.d.ts'))
  .filter((path) => !testFile.test(path) && !benchFile.test(path) && !testOrBenchFolder.test(path))
  .filter((path) => !path.split('/').includes('node_modules') && existsSync(join(root, path)));

/** Lines as `wc -l` counts them in a file that ends with a newline. */
const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** A function's name as a reader finds it: its own, or the variable or property it is assigned to. */
function nameOf(node, source) {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.name
  ) {
    return parent.name.getText(source);
  }
  return '(anonymous)';
}

function functionsOf(source) {
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: nameOf(node, source), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const failures = [];
for (const path of sources) {
  const text = readFileSync(join(root, path), 'utf8');
  if (generatedMarker.test(text.split('\n', 5).join('\n'))) continue;
  const lines = lineCount(text);
  if (lines > maxFileLines) failures.push(`${path}: ${lines} lines (at most ${maxFileLines})`);
  if (!functionScopes.some((scope) => path.startsWith(scope))) continue;
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(basename(path), text, ts.ScriptTarget.Latest, true, kind);
  for (const fn of functionsOf(source)) {
    if (fn.lines > maxFunctionLines) {
      failures.push(
        `${path}:${fn.line}: function ${fn.name} is ${fn.lines} lines (at most ${maxFunctionLines})`,
      );
    }
  }
}
if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  console.error('Split each into parts with names that say what they do, one concern per file.');
  process.exit(1);
}
console.log(
  `${sources.length} source files within ${maxFileLines} lines; ` +
    `runner and deliverer functions within ${maxFunctionLines} lines`,
);
