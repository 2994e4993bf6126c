import { randomUUID } from 'node:crypto';
import { webhookMessageId } from '@brand-api/domain';
import type { ProjectionRunner } from '@brand-api/event-store';
import { createNodeHttpClient } from '../delivery/http-client';
import type { WebhookHttpClient } from '../delivery/http-client';
import { aMember, memberJoined, registerEndpoint } from './fixtures';
import { webhookProjector } from './webhook-tables';
import { openWebhookTestDatabase } from './webhook-test-database';
import type { WebhookTestDatabase } from './webhook-test-database';
import { startWebhookReceiver } from './webhook-receiver';
import type { WebhookReceiver } from './webhook-receiver';

/** An outbox row as the specs check it. */
export interface DeliveryRow {
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_status_code: number | null;
  last_error: string | null;
}

/** What a deliverer's specs run against. */
export interface DeliveryBed extends WebhookTestDatabase {
  /** The webhook projector, running: it queues the messages of appended events. */
  projector: ProjectionRunner;
  receiver: WebhookReceiver;
  /** An HTTP client allowed to call the receiver on 127.0.0.1. */
  http: WebhookHttpClient;
  /** An endpoint of `brandId` on a path of its own of the receiver, once the projector has it. */
  endpointOnReceiver(
    brandId: string,
    eventTypes?: string[],
  ): Promise<{ path: string; endpoint: Awaited<ReturnType<typeof registerEndpoint>> }>;
  /** A member of `brandId` joins; resolves once the projector queued the message. */
  join(brandId: string): Promise<{ event: ReturnType<typeof memberJoined>; messageId: string }>;
  /** The message's outbox row (its only one: the specs give a brand one endpoint). */
  delivery(messageId: string): Promise<DeliveryRow>;
}

/**
 * A fresh database with the webhook tables, the projector running, a receiver and a client,
 * opened in a beforeAll and closed in an afterAll registered where it is called (at the top of
 * a describe). After each test whatever it left pending is settled, so each test sees only its
 * own messages. Use the bed inside hooks and tests.
 */
export function useDeliveryBed(): () => DeliveryBed {
  let bed: DeliveryBed | undefined;
  beforeAll(async () => {
    const database = await openWebhookTestDatabase();
    const projector = webhookProjector(database.db, database.store);
    await projector.start();
    const receiver = await startWebhookReceiver();
    const http = createNodeHttpClient({ policy: { allowPrivateTargets: true } });
    bed = Object.assign(database, {
      projector,
      receiver,
      http,
      async endpointOnReceiver(brandId: string, eventTypes?: string[]) {
        const path = `/${randomUUID()}`;
        const endpoint = await registerEndpoint(database.store, {
          brandId,
          url: receiver.url(path),
          ...(eventTypes ? { eventTypes } : {}),
        });
        expect(await projector.waitFor(endpoint.position, 10_000)).toBe(true);
        return { path, endpoint };
      },
      async join(brandId: string) {
        const event = memberJoined(brandId, aMember());
        const { position } = await database.store.appendToStream(
          `member-${randomUUID()}`,
          [event],
          { expectedVersion: 'no_stream' },
        );
        expect(await projector.waitFor(position, 10_000)).toBe(true);
        return { event, messageId: webhookMessageId(event.id) };
      },
      async delivery(messageId: string) {
        const { rows } = await database.db.query<DeliveryRow>(
          `SELECT status, attempts, next_attempt_at, last_status_code, last_error
           FROM webhook_deliveries WHERE message_id = $1`,
          [messageId],
        );
        return rows[0]!;
      },
    });
  });
  afterEach(async () => {
    await bed?.db.query(`UPDATE webhook_deliveries SET status = 'failed' WHERE status = 'pending'`);
  });
  afterAll(async () => {
    if (!bed) return;
    bed.http.close();
    await bed.receiver.close();
    await bed.projector.stop();
    await bed.close();
  });
  return () => {
    if (!bed) throw new Error('the delivery bed opens in beforeAll: use it in a hook or test');
    return bed;
  };
}
