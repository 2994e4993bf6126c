import type { EventStore, LogPosition } from '@brand-api/event-store';
import { createTestEventStore } from '@brand-api/event-store/testing';
import type { TestEventStore } from '@brand-api/event-store/testing';
import { aMember, memberJoined } from './fixtures';
import { webhookTestMigrations } from './webhook-tables';

/** The Postgres event store on `db`, with the webhook tables beside it. */
export type WebhookTestDatabase = TestEventStore;

/** A fresh test database with the event store and the webhook tables. */
export function openWebhookTestDatabase(): Promise<WebhookTestDatabase> {
  return createTestEventStore({ migrations: webhookTestMigrations });
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
