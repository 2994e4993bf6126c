import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import {
  createTestDatabase,
  repositoryRoot,
  spawnTypeScript,
} from '@brand-api/event-store/testing';
import type { SpawnOptions, TestDatabase, TypeScriptChild } from '@brand-api/event-store/testing';

export { spawnTypeScript };
export type { SpawnOptions };

/** A process of this repository run from source (see `spawnTypeScript`). */
export type RuntimeChild = TypeScriptChild;

/**
 * Starts `services/api/src/main.ts` with the given arguments and environment (a `launcher` such
 * as pid-namespace.ts's runs it in its own namespaces).
 */
export function spawnBrandApi(
  args: readonly string[],
  env: Record<string, string | undefined>,
  options: SpawnOptions = {},
): RuntimeChild {
  return spawnTypeScript(resolve(repositoryRoot, 'services/api/src/main.ts'), args, env, options);
}

/** A TCP port free on 127.0.0.1 right now, for a server that must know its port before it starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The base URL a started server logs (`"url":"http://localhost:<port>"`). */
export const runtimeUrlOf = async (child: RuntimeChild): Promise<string> =>
  /"url":"(http:\/\/localhost:\d+)"/.exec(
    await child.waitForOutput(/"url":"(http:\/\/localhost:\d+)"/),
  )![1]!;

/** The admin token and demo API key a first start prints, if it printed them. */
export const adminTokenOf = (text: string): string | undefined =>
  /Admin token [^:]*: (bka_[0-9A-Za-z]+)/.exec(text)?.[1];
export const demoKeyOf = (text: string): string | undefined =>
  /Demo API key: (bk_live_[0-9A-Za-z]+)/.exec(text)?.[1];

/** SIGTERM unless it already ended; resolves with how it ended. */
export function stopRuntime(child: RuntimeChild): RuntimeChild['exited'] {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  return child.exited;
}

/**
 * For a spec that runs brand-api processes on a Postgres server: a database of their own created
 * before the spec's tests and, after them, every process `start` started stopped and the
 * database dropped (the hooks are registered where this is called). `start(role)` runs
 * brand-api in that role on the database, on a free port, logging at info.
 */
export function useRuntimesOnTestDatabase(): {
  start(role: 'serve' | 'work' | 'all'): RuntimeChild;
} {
  let testDb: TestDatabase | undefined;
  const children: RuntimeChild[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(children.map(stopRuntime));
    await testDb?.drop();
  });
  return {
    start(role) {
      if (testDb?.url === undefined) throw new Error('start runs in a test, on a Postgres server');
      const env = { PORT: '0', DATABASE_URL: testDb.url, LOG_LEVEL: 'info', DATA_DIR: tmpdir() };
      const child = spawnBrandApi([role], env);
      children.push(child);
      return child;
    },
  };
}
