import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';

const repositoryRoot = resolve(__dirname, '../../../..');

/**
 * Compiles `.ts` files on require with @swc/core (already our Jest transform), so a test can
 * run a TypeScript worker from source in a real child process — no build step, no extra loader.
 */
const registerTypeScript = `
const { transformSync } = require('@swc/core');
const { readFileSync } = require('node:fs');
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
require(process.argv[1]);
`;

export type TypeScriptChild = ChildProcessByStdio<null, Readable, Readable>;

/** Runs a TypeScript file in a new Node process; its stdout and stderr are pipes. */
export function spawnTypeScript(file: string, env: Record<string, string> = {}): TypeScriptChild {
  return spawn(process.execPath, ['-e', registerTypeScript, file], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
