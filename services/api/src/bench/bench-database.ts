/**
 * The database a benchmark runs in: made fresh on the server, with the servers the benchmark
 * starts stopped and the database dropped afterwards, whatever happened (a server that failed
 * to start leaves no database behind either).
 */
import type { Database } from '@brand-api/event-store';
import { createPgDatabase } from '@brand-api/event-store';
import type { ServerProcess } from './processes';

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
