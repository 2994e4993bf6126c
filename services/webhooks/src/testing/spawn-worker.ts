import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';

const repositoryRoot = resolve(__dirname, '../../../..');

/**
 * Runs a TypeScript file in a new Node process straight from the sources: `.ts` is compiled on
 * require with @swc/core (our Jest transform), and `@brand-api/*` resolves to each package's
 * `src` as Jest's moduleNameMapper does, so no build is needed.
 */
const bootstrap = `
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');
const { readFileSync } = require('node:fs');
const root = ${JSON.stringify(repositoryRoot)};
const sources = {
  contracts: 'contracts/src',
  domain: 'services/domain/src',
  'event-store': 'services/event-store/src',
  'read-models': 'read-models/src',
  webhooks: 'services/webhooks/src',
};
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const match = /^@brand-api\\/([\\w-]+)(?:\\/(testing))?$/.exec(request);
  if (match && sources[match[1]]) {
    request = path.join(root, sources[match[1]], match[2] ?? '', 'index.ts');
  }
  return resolveFilename.call(this, request, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
require(process.argv[1]);
`;

export type WorkerChild = ChildProcessByStdio<null, Readable, Readable>;

export function spawnTypeScriptWorker(file: string, env: Record<string, string>): WorkerChild {
  return spawn(process.execPath, ['-e', bootstrap, file], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
