import { PGlite } from '@electric-sql/pglite';
import type { Results, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type {
  Database,
  HeldLock,
  QueryResult,
  Session,
  Transaction,
  TransactionOptions,
} from './database';
import { ensureEmbeddedCluster } from './pglite-cluster';
import { runPglitePipeline } from './pglite-pipeline';

/** PGlite reports `affectedRows: 0` for a SELECT; pg's rowCount counts the rows returned. */
function toQueryResult<R>(result: Results<R>): QueryResult<R> {
  return { rows: result.rows, rowCount: Math.max(result.rows.length, result.affectedRows ?? 0) };
}

/**
 * In-process PGlite: one connection, serialised by PGlite itself. A transaction holds the
 * connection exclusively, so queries from elsewhere in the process wait for it.
 */
class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private readonly heldLocks = new Set<string>();

  constructor(private readonly db: PGlite) {}

  async query<R>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
    return toQueryResult(await this.db.query<R>(text, params as unknown[] | undefined));
  }

  transaction<T>(
    fn: (tx: Transaction) => Promise<T>,
    options: TransactionOptions = {},
  ): Promise<T> {
    return this.db.transaction(async (transaction: PgliteTransaction) => {
      for (const { text, params } of options.prelude ?? []) {
        await transaction.query(text, params as unknown[] | undefined);
      }
      const tx: Transaction = {
        async query<R>(text: string, params?: readonly unknown[]) {
          return toQueryResult(await transaction.query<R>(text, params as unknown[] | undefined));
        },
        // One protocol message for the whole pipeline (pglite-pipeline.ts). A pipeline that
        // asks to commit leaves the commit to the end of this callback, as every other.
        pipeline: (statements, pipelineOptions) =>
          runPglitePipeline(this.db, statements, pipelineOptions?.read),
      };
      return fn(tx);
    });
  }

  async exec(sql: string): Promise<void> {
    await this.db.exec(sql);
  }

  async listen(channel: string, onNotify: (payload: string) => void) {
    const unsubscribe = await this.db.listen(channel, onNotify);
    return async () => {
      await unsubscribe();
    };
  }

  // One process owns the data directory (lock file), so an in-process set is the whole truth.
  tryLock(key: string): Promise<HeldLock | null> {
    if (this.heldLocks.has(key)) return Promise.resolve(null);
    this.heldLocks.add(key);
    return Promise.resolve({
      release: () => {
        this.heldLocks.delete(key);
        return Promise.resolve();
      },
    });
  }

  // One connection: the session is this database's, and ends with it.
  session(): Promise<Session> {
    return Promise.resolve({
      query: <R>(text: string, params?: readonly unknown[]) => this.query<R>(text, params),
      release: () => Promise.resolve(),
    });
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}

/**
 * Postgres settings of the embedded database. PGlite keeps Postgres's defaults, and its
 * WebAssembly memory only grows: 128 MB of shared buffers put the server at 430-500 MB
 * resident. 16 MB of buffers (the operating system's page cache still holds the data
 * directory) opened an existing directory at 170 MB instead of 281 MB, and held 199 MB instead
 * of 324 MB after writing 200,000 rows (measured with PGlite 0.5 on Node 20).
 */
export const embeddedPostgresSettings = ['shared_buffers = 16MB'];

/**
 * `dataDir` undefined → in-memory (tests). `from`: a data directory dumped by
 * `dumpPgliteCluster`, which an in-memory database starts from instead of running initdb.
 * A directory without a cluster gets one first (`ensureEmbeddedCluster`); `onInitdb` is told
 * before that starts, so a first start can say why it takes a while.
 */
export async function createPgliteDatabase(
  dataDir?: string,
  options: { from?: Blob; onInitdb?: () => void } = {},
): Promise<Database> {
  if (dataDir !== undefined && !options.from) {
    await ensureEmbeddedCluster(dataDir, embeddedPostgresSettings, options.onInitdb);
  }
  const db = new PGlite(dataDir, {
    parsers: { 20: (value: string) => Number(value) },
    postgresqlconf: embeddedPostgresSettings,
    ...(options.from ? { loadDataDir: options.from } : {}),
  });
  await db.waitReady;
  return new PgliteDatabase(db);
}

/** A freshly initialised, empty cluster as an uncompressed tarball (see `createPgliteDatabase`). */
export async function dumpPgliteCluster(): Promise<Blob> {
  const db = new PGlite({ postgresqlconf: embeddedPostgresSettings });
  try {
    await db.waitReady;
    return await db.dumpDataDir('none');
  } finally {
    await db.close();
  }
}
