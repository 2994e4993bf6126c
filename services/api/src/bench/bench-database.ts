/**
 * The database a benchmark runs in: made fresh on the server, with the servers the benchmark
 * starts stopped and the database dropped afterwards, whatever happened (a server that failed
 * to start leaves no database behind either).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '@brand-api/event-store';
import { createPgDatabase } from '@brand-api/event-store';
import { startServer } from './processes';
import type { ServerProcess } from './processes';

/** The Postgres server the benchmarks make their databases on: DATABASE_URL, or the local one. */
export const benchServerUrl =
  process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** The admin token of this run's servers. */
export const benchAdminToken = randomBytes(24).toString('hex');
/** This run's tag in the names it makes (databases, store ids), apart from other runs'. */
export const benchRunId = randomBytes(3).toString('hex');

/**
 * The API server of this run, on a database (`BENCH_DATABASE_URL`) or a data directory
 * (`BENCH_DATA_DIR`), its operator API open to the run's admin token.
 */
export function startBenchApi(env: Record<string, string>): Promise<ServerProcess> {
  return startServer('api-server.js', { ...env, BENCH_ADMIN_TOKEN: benchAdminToken });
}

export interface BenchDatabase {
  /** Its connection string. */
  url: string;
  /** A connection to the server's maintenance database, for statistics. */
  admin: Database;
  /** Servers to stop, last started first, before the database is dropped. */
  started: ServerProcess[];
}

export async function withBenchDatabase<T>(
  serverUrl: string,
  name: string,
  run: (bench: BenchDatabase) => Promise<T>,
): Promise<T> {
  const admin = createPgDatabase({ connectionString: serverUrl, max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const started: ServerProcess[] = [];
  try {
    return await run({ url: url.toString(), admin, started });
  } finally {
    for (const server of started.reverse()) await server.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}
