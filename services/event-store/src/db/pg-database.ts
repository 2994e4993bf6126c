import pg from 'pg';
import type { Database, HeldLock, Queryable, QueryResult } from './database';
import { advisoryKeySql } from './database';

// int8 (counts, global positions) as numbers: positions stay far below 2^53.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  },
};

export interface PgDatabaseOptions {
  connectionString: string;
  max?: number;
  applicationName?: string;
}

class PgDatabase implements Database {
  readonly kind = 'postgres' as const;

  constructor(private readonly pool: pg.Pool) {}

  async query<R>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
    const result = await this.pool.query(text, params as unknown[] | undefined);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const tx: Queryable = {
        async query<R>(text: string, params?: readonly unknown[]) {
          const result = await client.query(text, params as unknown[] | undefined);
          return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
        },
      };
      const value = await fn(tx);
      await client.query('COMMIT');
      client.release();
      return value;
    } catch (error) {
      // A failed ROLLBACK means the connection is broken: destroy it instead of reusing it.
      try {
        await client.query('ROLLBACK');
        client.release();
      } catch (rollbackError) {
        client.release(rollbackError as Error);
      }
      throw error;
    }
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async listen(channel: string, onNotify: (payload: string) => void) {
    const client = await this.pool.connect();
    const handler = (message: pg.Notification) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    };
    client.on('notification', handler);
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return async () => {
      client.off('notification', handler);
      try {
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
        client.release();
      } catch (error) {
        client.release(error as Error);
      }
    };
  }

  async tryLock(key: string): Promise<HeldLock | null> {
    const client = await this.pool.connect();
    try {
      const result = await client.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(${advisoryKeySql}) AS locked`,
        [key],
      );
      if (!result.rows[0]?.locked) {
        client.release();
        return null;
      }
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        try {
          await client.query(`SELECT pg_advisory_unlock(${advisoryKeySql})`, [key]);
          client.release();
        } catch (error) {
          client.release(error as Error);
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
    types,
  });
  // An idle client that errors (server restart) must not crash the process; the pool drops it.
  pool.on('error', () => undefined);
  return new PgDatabase(pool);
}
