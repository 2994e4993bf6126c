import { migrate } from '../db';
import type { Database } from '../db';
import type { AppendResult, EventStore, StreamAppend } from '../event-store';
import {
  appendToStreamInTransaction,
  createPostgresEventStore,
  eventStoreMigrations,
} from '../postgres';
import { createTestDatabase } from './test-database';

/** A Postgres event store on a fresh test database of its own, migrated. */
export interface TestEventStore {
  store: EventStore;
  db: Database;
  /**
   * An append whose transaction stays open `holdMs` after its insert, so events with later
   * global positions commit first (the conformance fixture's `appendSlowly`).
   */
  appendSlowly: (append: StreamAppend, holdMs: number) => Promise<AppendResult>;
  /** Closes the store, then drops its database. */
  close: () => Promise<void>;
}

export async function createTestEventStore(
  options: { poolSize?: number } = {},
): Promise<TestEventStore> {
  const testDb = await createTestDatabase(options);
  const { db } = testDb;
  await migrate(db, eventStoreMigrations);
  const store = createPostgresEventStore(db);
  return {
    store,
    db,
    appendSlowly: (append, holdMs) =>
      db.transaction(async (tx) => {
        const result = await appendToStreamInTransaction(tx, append);
        await tx.query('SELECT pg_sleep($1)', [holdMs / 1000]);
        return result;
      }),
    close: async () => {
      await store.close();
      await testDb.drop();
    },
  };
}
