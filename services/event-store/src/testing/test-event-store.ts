import { migrate } from '../db';
import type { Database, Migration } from '../db';
import type { AppendResult, EventStore, StreamAppend } from '../event-store';
import {
  appendToStreamInTransaction,
  createPostgresEventStore,
  eventStoreMigrations,
} from '../postgres';
import {
  createInlineProjector,
  embeddedWriters,
  projectionMigrations,
  sharedWriters,
} from '../projections';
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
  /** What a naive reader sees, polling `global_position > after` (the conformance fixture's). */
  readByGlobalPosition: (
    after: number,
    limit: number,
  ) => Promise<{ id: string; globalPosition: number }[]>;
  /** Closes the store, then drops its database. */
  close: () => Promise<void>;
}

export interface TestEventStoreOptions {
  poolSize?: number;
  /** The event store's, or more tables beside them (they must include the store's). */
  migrations?: readonly Migration[];
  /**
   * Writes through the inline path (`createPostgresEventStore`'s `inline`, no projections): one
   * pipeline for the append and the COMMIT, as the API writes on Postgres and PGlite.
   */
  inline?: boolean;
  /** The database the store is given (a wrapper that watches it, say). */
  storeDatabase?: (db: Database) => Database;
}

export async function createTestEventStore(
  options: TestEventStoreOptions = {},
): Promise<TestEventStore> {
  const testDb = await createTestDatabase({ poolSize: options.poolSize });
  const { db } = testDb;
  const migrations = options.migrations ?? eventStoreMigrations;
  await migrate(db, options.inline ? [...migrations, ...projectionMigrations] : migrations);
  const writers = db.kind === 'pglite' ? embeddedWriters : sharedWriters;
  const store = createPostgresEventStore(options.storeDatabase?.(db) ?? db, {
    ...(options.inline ? { inline: createInlineProjector([], { writers }) } : {}),
  });
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
    async readByGlobalPosition(after, limit) {
      const { rows } = await db.query<{ id: string; global_position: number }>(
        `SELECT event_id AS id, global_position FROM events
         WHERE global_position > $1 ORDER BY global_position LIMIT $2`,
        [after, limit],
      );
      return rows.map((row) => ({ id: row.id, globalPosition: row.global_position }));
    },
    close: async () => {
      await store.close();
      await testDb.drop();
    },
  };
}
