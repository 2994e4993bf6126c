import { createPgDatabase } from './pg-database';
import { createPgliteDatabase } from './pglite-database';
import type { Database } from './database';

export interface OpenDatabaseOptions {
  /** A Postgres server; when absent the embedded PGlite under `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; undefined means in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
}

export function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return Promise.resolve(
      createPgDatabase({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 }),
    );
  }
  return createPgliteDatabase(options.dataDir);
}
