#!/usr/bin/env node
/**
 * PGlite 0.5 decodes every protocol string with `new TextDecoder('utf-8')`, whose default
 * strips a leading U+FEFF: a text value starting with a byte order mark reads back without
 * it on the embedded database (node-postgres reads it back whole, as does psql). Stored text
 * must read back as written, so this install step passes `{ ignoreBOM: true }` to that one
 * decoder in each of PGlite's bundles. It is idempotent, and it fails the install when a
 * bundle no longer has the expected shape (a new PGlite version): look again then, and drop
 * this script once PGlite keeps the mark itself.
 * `pglite-database.int.spec.ts` checks that a leading byte order mark reads back.
 * No library patches a minified bundle in a readable way (a patch-package diff of these
 * one-line bundles is megabytes), hence this script.
 */
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

let root;
try {
  // The package's exports do not list package.json: resolve its entry, dist/index.cjs.
  root = path.resolve(path.dirname(require.resolve('@electric-sql/pglite')), '..');
} catch {
  process.exit(0); // PGlite not installed (an install without it): nothing to patch.
}
const bundles = ['dist/chunk-Y6PULSM7.js', 'dist/index.cjs', 'dist/node-postgres/index.cjs'];
// `…"utf-8");<set>(this,<field>,new TextDecoder(<get>(this,<encoding>)));`
const decoder = /("utf-8"\);[\w$]+\(this,[\w$]+,new TextDecoder\([\w$]+\(this,[\w$]+\))\)/g;
const patched =
  /"utf-8"\);[\w$]+\(this,[\w$]+,new TextDecoder\([\w$]+\(this,[\w$]+\),\{ignoreBOM:!0\}\)/;

const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
for (const bundle of bundles) {
  const file = path.join(root, bundle);
  let source;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    fail(`${bundle} is missing`);
  }
  if (patched.test(source)) continue;
  const matches = source.match(decoder) ?? [];
  if (matches.length !== 1) fail(`${bundle} has ${matches.length} protocol decoders, expected 1`);
  writeFileSync(file, source.replace(decoder, '$1,{ignoreBOM:!0})'));
}

function fail(reason) {
  console.error(
    `pglite-keep-bom: cannot patch @electric-sql/pglite ${version}: ${reason}. ` +
      'See services/event-store/scripts/pglite-keep-bom.cjs.',
  );
  process.exit(1);
}
