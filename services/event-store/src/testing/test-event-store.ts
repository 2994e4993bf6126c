import { migrate } from '../db';
import type { Database, Migration } from '../db';
import type { AppendResult, EventStore, StreamAppend } from '../event-store';
import {
  appendToStreamInTransaction,
  createPostgresEventStore,
  eventStoreMigrations,
} from '../postgres';
import { createTestDatabase } from './test-database';
import type { TestDatabase } from './test-database';

/** A Postgres event store on a fresh test database of its own, migrated. */
export interface TestEventStore {
  store: EventStore;
  testDb: TestDatabase;
  db: Database;
  /**
   * An append whose transaction stays open `holdMs` after its insert, so events with later
   * global positions commit first (the conformance fixture's `appendSlowly`).
   */
  appendSlowly: (append: StreamAppend, holdMs: number) => Promise<AppendResult>;
  /** Closes the store, then drops its database. */
  close: () => Promise<void>;
}

/** `migrations`: the event store's, or more tables beside them (they must include the store's). */
export async function createTestEventStore(
  options: { poolSize?: number; migrations?: readonly Migration[] } = {},
): Promise<TestEventStore> {
  const testDb = await createTestDatabase({ poolSize: options.poolSize });
  const { db } = testDb;
  await migrate(db, options.migrations ?? eventStoreMigrations);
  const store = createPostgresEventStore(db);
  return {
    store,
    testDb,
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
