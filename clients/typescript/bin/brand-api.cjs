#!/usr/bin/env node
// The `brand-api` bin of @brand-api/client (`brand-api listen --forward-to <url>`). npm links a
// bin at install time, before a workspace's first build, so this committed file is the link
// target: it runs the compiled command, or says how to build it.
'use strict';
const path = require('node:path');

const compiled = path.join(__dirname, '..', 'dist', 'cjs', 'listen', 'main.js');
try {
  require.resolve(compiled);
} catch {
  process.stderr.write(
    'brand-api is not built yet: run `npm run build -w @brand-api/client` first.\n',
  );
  process.exit(69); // EX_UNAVAILABLE
}
require(compiled)
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
