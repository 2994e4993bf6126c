import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';

export const repositoryRoot = resolve(__dirname, '../../../..');

/**
 * Runs a TypeScript entry point of this repository in a new Node process, from source: `.ts`
 * files are compiled on require by @swc/core (our Jest transform) and `@brand-api/<pkg>` resolves
 * to the package's `src/index.ts`, as Jest's moduleNameMapper does. No build step needed.
 */
const register = `
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');
const { readFileSync } = require('node:fs');
const root = ${JSON.stringify(repositoryRoot)};
const packages = {
  contracts: 'contracts', domain: 'services/domain', 'event-store': 'services/event-store',
  'read-models': 'read-models', webhooks: 'services/webhooks', api: 'services/api', cli: 'services/cli',
};
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const match = /^@brand-api\\/([^/]+)(?:\\/(.+))?$/.exec(request);
  if (match && packages[match[1]]) {
    request = path.join(root, packages[match[1]], 'src', match[2] ?? '', 'index.ts');
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

export type TypeScriptChild = ChildProcessByStdio<null, Readable, Readable> & {
  /** Everything written to stdout and stderr so far. */
  output(): { stdout: string; stderr: string };
  /** Resolves when `pattern` appears on stdout or stderr. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export interface SpawnOptions {
  /** A command the Node process runs under, e.g. `unshare -rpf --mount-proc`. */
  launcher?: readonly string[];
}

/**
 * Runs `file` with `args` in a new Node process; its stdout and stderr are pipes, kept for
 * `output()` and `waitForOutput()`. The environment is this process's without the database,
 * Node options and admin token of the test runner (a child chooses its own), plus `env`.
 */
export function spawnTypeScript(
  file: string,
  args: readonly string[] = [],
  env: Record<string, string | undefined> = {},
  { launcher = [] }: SpawnOptions = {},
): TypeScriptChild {
  const baseEnv = { ...process.env };
  delete baseEnv.DATABASE_URL;
  delete baseEnv.TEST_DATABASE_URL;
  delete baseEnv.NODE_OPTIONS;
  delete baseEnv.ADMIN_TOKEN;
  const [command, ...launcherArgs] = [...launcher, process.execPath];
  const nodeArgs = ['--no-warnings', '--liftoff-only', '-e', register, '--', file, ...args];
  const child = spawn(command, [...launcherArgs, ...nodeArgs], {
    cwd: repositoryRoot,
    env: { ...baseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as TypeScriptChild;
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    listeners.forEach((listener) => listener());
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    listeners.forEach((listener) => listener());
  });
  child.exited = new Promise((resolveExit) => {
    child.on('exit', (code, signal) => {
      listeners.forEach((listener) => listener());
      resolveExit({ code, signal });
    });
  });
  child.output = () => ({ stdout, stderr });
  child.waitForOutput = (pattern, timeoutMs = 60_000) =>
    new Promise((resolveMatch, reject) => {
      const check = () => {
        const match = pattern.exec(stdout) ?? pattern.exec(stderr);
        if (match) {
          cleanup();
          resolveMatch(match[0]);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          cleanup();
          reject(new Error(`process exited before ${String(pattern)}:\n${stdout}\n${stderr}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${String(pattern)} within ${timeoutMs} ms:\n${stdout}\n${stderr}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  return child;
}
