import { PGlite } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import type { Database, HeldLock, Queryable, QueryResult } from './database';

/**
 * In-process PGlite: one connection, serialised by PGlite itself. A transaction holds the
 * connection exclusively, so queries from elsewhere in the process wait for it.
 */
class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private readonly heldLocks = new Set<string>();

  constructor(private readonly db: PGlite) {}

  async query<R>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
    const result = await this.db.query<R>(text, params as unknown[] | undefined);
    return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(async (transaction: Transaction) => {
      const tx: Queryable = {
        async query<R>(text: string, params?: readonly unknown[]) {
          const result = await transaction.query<R>(text, params as unknown[] | undefined);
          return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
        },
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

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}

/** `dataDir` undefined → in-memory (tests). */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  const db = new PGlite(dataDir, { parsers: { 20: (value: string) => Number(value) } });
  await db.waitReady;
  return new PgliteDatabase(db);
}
