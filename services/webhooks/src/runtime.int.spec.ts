import { randomUUID } from 'node:crypto';
import { webhookMessageId } from '@brand-api/domain';
import { claimDueDeliveries } from './delivery/outbox';
import { startWebhookRuntime } from './runtime';
import { registerEndpoint } from './testing/fixtures';
import { startWebhookReceiver } from './testing/webhook-receiver';
import type { WebhookReceiver } from './testing/webhook-receiver';
import { webhookProjector } from './testing/webhook-tables';
import { appendJoins, openWebhookTestDatabase } from './testing/webhook-test-database';
import type { WebhookTestDatabase } from './testing/webhook-test-database';

jest.setTimeout(60_000);

/**
 * A delivery claimed when the process starts was left by one that died mid-send (its claims'
 * lock went with it): the deliverer's first look makes it due at once instead of letting it
 * wait out its lease (the request timeout + 60 s).
 */
describe('webhook runtime on the embedded database', () => {
  let bed: WebhookTestDatabase;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    [bed, receiver] = await Promise.all([openWebhookTestDatabase(), startWebhookReceiver()]);
  });
  afterAll(async () => {
    await receiver.close();
    await bed.close();
  });

  it('sends at once what a killed process had claimed, under the same webhook-ids', async () => {
    const { db, store } = bed;
    const brandId = randomUUID();
    await registerEndpoint(store, { brandId, url: receiver.url('/hook') });
    const { events, position } = await appendJoins(store, brandId, 5);
    const projector = webhookProjector(db, store);
    await projector.start();
    expect(await projector.waitFor(position, 20_000)).toBe(true);
    await projector.stop();
    // What a process killed right after claiming leaves: five deliveries leased for 75 s.
    const now = new Date();
    const { deliveries } = await claimDueDeliveries(db, {
      now,
      leaseUntil: new Date(now.getTime() + 75_000),
      claimToken: randomUUID(),
      limit: 100,
    });
    expect(deliveries).toHaveLength(5);

    const logged: object[] = [];
    const runtime = await startWebhookRuntime({
      db,
      databaseUrl: undefined,
      store,
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
      logger: { info: (details) => logged.push(details), warn() {}, error() {} },
    });
    try {
      const received = await receiver.waitFor(5, { path: '/hook', timeoutMs: 15_000 });
      expect(new Set(received.map((request) => request.id))).toEqual(
        new Set(events.map((event) => webhookMessageId(event.id))),
      );
      expect(logged).toContainEqual({ released: 5 });
    } finally {
      await runtime.stop();
    }
  });
});
