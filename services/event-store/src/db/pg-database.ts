import pg from 'pg';
import type {
  Database,
  HeldLock,
  QueryOptions,
  QueryResult,
  Transaction,
  TransactionOptions,
} from './database';
import { advisoryKeySql } from './database';
import { runPipeline } from './pg-pipeline';
import type { ReadRows } from './pg-pipeline';
import { checkout, listenWithReconnect, openSession } from './pg-session';
import { runTransaction } from './transaction-protocol';
import { isDatabaseUnavailable } from './unavailable';

// int8 (counts, global positions) as numbers: positions stay far below 2^53.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  },
};

function toConfig(
  text: string,
  params: readonly unknown[] | undefined,
  options: QueryOptions | undefined,
): pg.QueryConfig {
  return { text, values: params as unknown[] | undefined, name: options?.name };
}

export interface PgDatabaseOptions {
  connectionString: string;
  max?: number;
  applicationName?: string;
  /**
   * The server ends a session whose transaction sits idle this long (default 60,000 ms; 0 = never).
   * An open writing transaction anywhere on the server holds back what event readers may see
   * (they read only below the oldest running transaction), so a leaked one must not live long.
   */
  idleInTransactionTimeoutMs?: number;
  /**
   * Bounds that make a call answer when the server goes quiet (see `databaseBounds`); each
   * defaults to the value there. 0 turns `statementTimeoutMs` (and the read timeout) off.
   */
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
}

/**
 * How long a call may wait on the server before it fails as "database unavailable" (the API
 * answers 503 with Retry-After). A server that resets the connection is noticed at once; these
 * bound one that stops answering (a network cut without a reset, a frozen proxy, a server that
 * accepts and never answers):
 * - `connectTimeoutMs` bounds opening a connection and waiting for a free one in the pool. A
 *   local or same-region server connects in milliseconds; 2 s leaves room for a TLS handshake
 *   and a busy pool while staying within the 2 s Retry-After a client is asked to wait.
 * - `statementTimeoutMs` is Postgres's own `statement_timeout`: the server cancels a statement
 *   that runs longer (57014) and the connection stays usable. Our slowest request statements
 *   (a bulk of 100 records, a page of a list) run in tens of milliseconds, so 4 s is ample
 *   headroom, and it also bounds a wait on a lock a stalled session still holds.
 * - `readTimeoutMs` is the client's side: no answer at all this long after sending (the server
 *   never received the statement, or its answer never arrives) fails the call and the connection
 *   is destroyed. One second longer than the statement timeout, so a statement that is merely
 *   slow is cancelled cleanly by the server first.
 * - `keepAliveDelayMs`: TCP keepalive probes idle connections (held locks, LISTEN) so a peer that
 *   vanished is noticed even when nothing is sent (libuv then probes every second, 10 times).
 * - `idleInTransactionTimeoutMs`: the server ends a session idle inside a transaction, so a
 *   client cut off mid-transaction does not hold its locks (and hold back event readers) for long.
 * Worst case, a call answers 503 about 5 s after it started; /readyz bounds its own probe tighter.
 */
export const databaseBounds = {
  connectTimeoutMs: 2_000,
  statementTimeoutMs: 4_000,
  readTimeoutMarginMs: 1_000,
  keepAliveDelayMs: 10_000,
  idleInTransactionTimeoutMs: 10_000,
} as const;

class PgDatabase implements Database {
  readonly kind = 'postgres' as const;

  constructor(
    private readonly pool: pg.Pool,
    /** A pool without statement bounds for long work (migrations, rebuilds), opened on demand. */
    private readonly openUnbounded: (() => PgDatabase) | undefined,
  ) {}

  private unboundedDb: PgDatabase | undefined;

  /** This database without statement and read timeouts: for work that may legitimately run long. */
  unbounded(): PgDatabase {
    if (!this.openUnbounded) return this;
    return (this.unboundedDb ??= this.openUnbounded());
  }

  async query<R>(
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<R>> {
    const result = await this.pool.query(toConfig(text, params, options));
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  }

  async transaction<T>(
    fn: (tx: Transaction) => Promise<T>,
    options: TransactionOptions = {},
  ): Promise<T> {
    const { client, done } = await checkout(this.pool);
    let broken: Error | undefined;
    try {
      return await runTransaction(
        async (statements, index, wholeOrNothing) => {
          let read: ReadRows | undefined;
          const failure = await runPipeline(
            client,
            statements,
            index === undefined ? undefined : { index, types, onRows: (rows) => (read = rows) },
            wholeOrNothing,
          );
          return { failure, ...(read ? { read } : {}) };
        },
        fn,
        {
          ...(options.prelude ? { prelude: options.prelude } : {}),
          connectionLost: isDatabaseUnavailable,
          onBroken: (error) => (broken = error as Error),
        },
      );
    } finally {
      // A connection that stopped answering, or failed its ROLLBACK, is destroyed, not reused.
      done(broken);
    }
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  listen(channel: string, onNotify: (payload: string) => void) {
    return listenWithReconnect(this.pool, channel, onNotify);
  }

  async tryLock(key: string): Promise<HeldLock | null> {
    // If the connection dies the server drops the lock with it; holders must not rely on the
    // lock alone for correctness (the projection runner's checkpoint compare-and-set does not).
    let released = false;
    const session = await checkout(this.pool, (error) => {
      if (released) return;
      released = true;
      session.done(error);
    });
    const { client, done } = session;
    try {
      const result = await client.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(${advisoryKeySql}) AS locked`,
        [key],
      );
      if (!result.rows[0]?.locked) {
        released = true;
        done();
        return null;
      }
    } catch (error) {
      released = true;
      done(error as Error);
      throw error;
    }
    return {
      async release() {
        if (released) return;
        released = true;
        try {
          await client.query(`SELECT pg_advisory_unlock(${advisoryKeySql})`, [key]);
          done();
        } catch (error) {
          done(error as Error);
        }
      },
    };
  }

  readonly session = (onLost: (error: Error) => void) => openSession(this.pool, onLost);

  async close(): Promise<void> {
    await Promise.all([this.pool.end(), this.unboundedDb?.close()]);
  }
}

export function createPgDatabase(options: PgDatabaseOptions): Database {
  return openPgDatabase(options);
}

function openPgDatabase(options: PgDatabaseOptions): PgDatabase {
  const statementTimeoutMs = options.statementTimeoutMs ?? databaseBounds.statementTimeoutMs;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'brand-api',
    connectionTimeoutMillis: options.connectTimeoutMs ?? databaseBounds.connectTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: databaseBounds.keepAliveDelayMs,
    idle_in_transaction_session_timeout:
      options.idleInTransactionTimeoutMs ?? databaseBounds.idleInTransactionTimeoutMs,
    ...(statementTimeoutMs > 0
      ? {
          statement_timeout: statementTimeoutMs,
          query_timeout: statementTimeoutMs + databaseBounds.readTimeoutMarginMs,
        }
      : {}),
    types,
  });
  // An idle client that errors (server restart) must not crash the process; the pool drops it.
  pool.on('error', () => undefined);
  const unbounded =
    statementTimeoutMs > 0
      ? () =>
          openPgDatabase({
            ...options,
            max: 2,
            applicationName: `${options.applicationName ?? 'brand-api'}-long`,
            statementTimeoutMs: 0,
          })
      : undefined;
  return new PgDatabase(pool, unbounded);
}

/**
 * The same database without statement bounds, for work that may run long on a healthy server
 * (migrations waiting for another process's, rebuilds): a small pool of its own on Postgres;
 * PGlite, in process, has no bounds to lift.
 */
export function forLongWork(db: Database): Database {
  return db instanceof PgDatabase ? db.unbounded() : db;
}
