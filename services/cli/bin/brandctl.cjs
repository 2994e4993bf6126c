#!/usr/bin/env node
// The `brandctl` npm links at install time. npm only links a bin that exists then, and the
// compiled CLI (dist/main.js) appears only with the first build, so this committed file is the
// link target: it runs the compiled CLI, or says how to build it.
'use strict';
const path = require('node:path');

const compiled = path.join(__dirname, '..', 'dist', 'main.js');
try {
  require.resolve(compiled);
} catch {
  process.stderr.write('brandctl is not built yet: run `npm run build` (or `npm start`) first.\n');
  process.exit(69); // EX_UNAVAILABLE
}
require(compiled);
