import { PGlite } from '@electric-sql/pglite';
import type {
  Database,
  HeldLock,
  PipelinedStatement,
  QueryOptions,
  QueryResult,
  Session,
  Transaction,
  TransactionOptions,
} from './database';
import { ensureEmbeddedCluster } from './pglite-cluster';
import { runPgliteStatements } from './pglite-pipeline';
import type { PreparedStatements } from './pglite-pipeline';
import { runTransaction } from './transaction-protocol';

/**
 * In-process PGlite: one connection. A query or a transaction holds PGlite's transaction lock
 * (the one its own `query()` and `transaction()` take), so queries from elsewhere in the
 * process wait for it. Statements go to Postgres as protocol messages of our own
 * (`runPgliteStatements`), as they go to a server in pg's pipelines, and a transaction runs as
 * on a server (`runTransaction`): an inline write is one call into PGlite instead of four to a
 * dozen.
 */
class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private readonly heldLocks = new Set<string>();
  /** The named statements prepared on the one connection (`runPgliteStatements`). */
  private readonly prepared: PreparedStatements = new Map();

  constructor(private readonly db: PGlite) {}

  async query<R>(
    text: string,
    params?: readonly unknown[],
    options: QueryOptions = {},
  ): Promise<QueryResult<R>> {
    await this.db._checkReady();
    const statement = {
      text,
      ...(params ? { params } : {}),
      ...(options.name === undefined ? {} : { name: options.name }),
    };
    const { failure, read } = await this.db._runExclusiveTransaction(() =>
      runPgliteStatements(this.db, this.prepared, [statement], 0),
    );
    if (failure) throw failure.error;
    // As PGlite's own query() does after a statement outside a transaction: nothing to do on
    // Node's filesystem or in memory (PGlite's syncToFs returns at once there), but the hook a
    // browser filesystem (IndexedDB, OPFS) persists by.
    await this.db.syncToFs();
    const { rows, rowCount } = read!;
    return { rows: rows as R[], rowCount };
  }

  async transaction<T>(
    fn: (tx: Transaction) => Promise<T>,
    options: TransactionOptions = {},
  ): Promise<T> {
    await this.db._checkReady();
    return this.db._runExclusiveTransaction(() => this.run(fn, options.prelude ?? []));
  }

  /** A transaction's statements, with PGlite's transaction lock held (see the class). */
  private async run<T>(
    fn: (tx: Transaction) => Promise<T>,
    prelude: readonly PipelinedStatement[],
  ): Promise<T> {
    try {
      return await runTransaction(
        (statements, read, wholeOrNothing) =>
          runPgliteStatements(this.db, this.prepared, statements, read, wholeOrNothing),
        fn,
        { prelude },
      );
    } finally {
      await this.db.syncToFs();
    }
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
  // One options object: `new PGlite(undefined, options)` ignores its options (an in-memory
  // database then ran initdb, with PGlite's own parsers and settings, on every open).
  const db = new PGlite({
    ...(dataDir === undefined ? {} : { dataDir }),
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
