import { createPostgresEventStore, migrate } from '@brand-api/event-store';
import type { Database, EventStore, LogPosition } from '@brand-api/event-store';
import { createTestDatabase } from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import { aMember, memberJoined } from './fixtures';
import { webhookTestMigrations } from './webhook-tables';

export interface WebhookTestDatabase {
  testDb: TestDatabase;
  db: Database;
  /** The Postgres event store on `db`. */
  store: EventStore;
  /** Closes the store and drops the database. */
  close(): Promise<void>;
}

/** A fresh test database with the event store and the webhook tables. */
export async function openWebhookTestDatabase(): Promise<WebhookTestDatabase> {
  const testDb = await createTestDatabase();
  const { db } = testDb;
  await migrate(db, webhookTestMigrations);
  const store = createPostgresEventStore(db);
  return {
    testDb,
    db,
    store,
    async close() {
      await store.close();
      await testDb.drop();
    },
  };
}

/** `count` joins of one new member of the brand, appended in one stream, and where they end. */
export async function appendJoins(
  store: EventStore,
  brandId: string,
  count: number,
): Promise<{ events: ReturnType<typeof memberJoined>[]; position: LogPosition }> {
  const member = aMember();
  const events = Array.from({ length: count }, () => memberJoined(brandId, member));
  const { position } = await store.appendToStream(`member-${member.id}`, events, {
    expectedVersion: 'no_stream',
  });
  return { events, position };
}
