import pg from 'pg';
import type { Database, HeldLock, QueryOptions, QueryResult, Transaction } from './database';
import { advisoryKeySql } from './database';
import { runPipeline } from './pg-pipeline';
import { checkout, listenWithReconnect } from './pg-session';

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
}

/** The work of a transaction returned although one of its statements had failed. */
export class TransactionAbortedError extends Error {
  override readonly name = 'TransactionAbortedError';
  constructor() {
    super('The transaction was rolled back: one of its statements failed');
  }
}

class PgDatabase implements Database {
  readonly kind = 'postgres' as const;

  constructor(private readonly pool: pg.Pool) {}

  async query<R>(
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<R>> {
    const result = await this.pool.query(toConfig(text, params, options));
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const { client, done } = await checkout(this.pool);
    try {
      await client.query('BEGIN');
      const tx: Transaction = {
        async query<R>(text: string, params?: readonly unknown[], options?: QueryOptions) {
          const result = await client.query(toConfig(text, params, options));
          return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
        },
        pipeline: (statements) => runPipeline(client, statements),
      };
      const value = await fn(tx);
      // A transaction in which a statement failed answers COMMIT with ROLLBACK, and no error.
      const commit = await client.query('COMMIT');
      if (commit.command === 'ROLLBACK') throw new TransactionAbortedError();
      done();
      return value;
    } catch (error) {
      // A failed ROLLBACK means the connection is broken: destroy it instead of reusing it.
      try {
        await client.query('ROLLBACK');
        done();
      } catch (rollbackError) {
        done(rollbackError as Error);
      }
      throw error;
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

  async close(): Promise<void> {
    await this.pool.end();
  }
}

export function createPgDatabase(options: PgDatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'brand-api',
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 60_000,
    types,
  });
  // An idle client that errors (server restart) must not crash the process; the pool drops it.
  pool.on('error', () => undefined);
  return new PgDatabase(pool);
}
