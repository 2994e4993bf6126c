import { randomBytes } from 'node:crypto';
import { createPgDatabase, createPgliteDatabase, migrate } from '../db';
import type { Database, Migration } from '../db';
import { pgliteTemplate } from './pglite-template';

/** The server tests run against, or undefined for embedded PGlite. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

export interface TestDatabase {
  db: Database;
  /** Connection string of the fresh database (server only), for child processes. */
  url: string | undefined;
  /** Opens another connection pool to the same database (server only). */
  connect(poolSize?: number): Database;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database per test file: a new database on the server when one is configured,
 * a new in-memory PGlite otherwise (started from an initialised cluster, `pglite-template.ts`).
 * Tests never share tables.
 */
export async function createTestDatabase(
  options: { poolSize?: number } = {},
): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const db = await createPgliteDatabase(undefined, { from: await pgliteTemplate() });
    return {
      db,
      url: undefined,
      connect() {
        throw new Error('A second connection needs a Postgres server (set TEST_DATABASE_URL).');
      },
      drop: () => db.close(),
    };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  // CREATE DATABASE copies a template: on a busy machine it may outlast a request's bound.
  const admin = createPgDatabase({ connectionString: serverUrl, max: 1, statementTimeoutMs: 0 });
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = withDatabase(serverUrl, name);
  const pools: Database[] = [];
  const connect = (poolSize = 10) => {
    const db = createPgDatabase({ connectionString: url, max: poolSize });
    pools.push(db);
    return db;
  };
  const db = connect(options.poolSize ?? 10);
  return {
    db,
    url,
    connect,
    async drop() {
      await Promise.all(pools.map((pool) => pool.close()));
      const dropper = createPgDatabase({
        connectionString: serverUrl,
        max: 1,
        statementTimeoutMs: 0,
      });
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.close();
    },
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** True when the tests run against a server, so real concurrency can be exercised. */
export const hasPostgresServer = (): boolean => testDatabaseUrl() !== undefined;

const needsServer = 'needs a Postgres server (set TEST_DATABASE_URL)';

/**
 * `describe` on a Postgres server. On PGlite the block is skipped and its title says so, with
 * `why` when a reason beyond "no server" helps (a killed child cannot share in-process PGlite).
 */
export function describeOnServer(
  title: string,
  ...rest: [body: () => void] | [why: string, body: () => void]
): void {
  const [why, body] = rest.length === 1 ? [undefined, rest[0]] : rest;
  if (hasPostgresServer()) describe(title, body);
  else describe.skip(`${title} — skipped: ${needsServer}${why ? `; ${why}` : ''}`, body);
}

/** `it` on a Postgres server; on PGlite the test is skipped and its title says why. */
export function itOnServer(
  title: string,
  why: string,
  test: () => Promise<unknown>,
  timeoutMs?: number,
): void {
  if (hasPostgresServer()) it(title, test, timeoutMs);
  else it.skip(`${title} — skipped: ${needsServer}; ${why}`, test, timeoutMs);
}

/**
 * The spec's own test database, migrated with `migrations` before its first test and dropped
 * after its last (the hooks are registered where this is called). Returns it, for a spec that
 * opens connections of its own (`connect`); `useMigratedTestDatabase` for one that needs only
 * its connection.
 */
export function useTestDatabase(migrations: readonly Migration[]): () => TestDatabase {
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await migrate(testDb.db, migrations);
  });
  afterAll(() => testDb?.drop());
  return () => {
    if (testDb === undefined) throw new Error('The test database is created before the first test');
    return testDb;
  };
}

/** `useTestDatabase`, returning the database's connection. */
export function useMigratedTestDatabase(migrations: readonly Migration[]): () => Database {
  const testDb = useTestDatabase(migrations);
  return () => testDb().db;
}
