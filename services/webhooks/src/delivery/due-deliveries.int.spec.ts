import { randomUUID } from 'node:crypto';
import { registerEndpoint } from '../testing/fixtures';
import { webhookProjector } from '../testing/webhook-tables';
import { appendJoins, openWebhookTestDatabase } from '../testing/webhook-test-database';
import type { WebhookTestDatabase } from '../testing/webhook-test-database';
import { DueDeliveries } from './due-deliveries';
import { silentLogger } from './webhook-logger';

jest.setTimeout(60_000);

/**
 * Two deliverers on one outbox: a running one keeps its claims for their lease; the claims of
 * one that stopped without handing them back (killed: its lock went with its session) are due
 * again at the other's next look, not when their lease ends.
 */
describe('claims of deliverers that stopped', () => {
  let bed: WebhookTestDatabase;

  beforeAll(async () => {
    bed = await openWebhookTestDatabase();
  });
  afterAll(() => bed.close());

  it('stay with a running deliverer, and fall due at once when it is gone', async () => {
    const { db, store } = bed;
    const brandId = randomUUID();
    await registerEndpoint(store, { brandId, url: 'https://hooks.example.com/a' });
    const { position } = await appendJoins(store, brandId, 5);
    const projector = webhookProjector(db, store);
    await projector.start();
    expect(await projector.waitFor(position, 20_000)).toBe(true);
    await projector.stop();

    const clock = () => new Date();
    const logged: object[] = [];
    const logger = { ...silentLogger, info: (details: object) => logged.push(details) };
    const first = new DueDeliveries(db, clock, 75_000, silentLogger, 0);
    const second = new DueDeliveries(db, clock, 75_000, logger, 0);
    const claimed = await first.claim(100);
    expect(claimed.deliveries).toHaveLength(5);
    // The first runs: its claims are its own until their lease ends.
    expect((await second.claim(100)).deliveries).toHaveLength(0);
    expect(logged).toEqual([]);

    // The first is gone (its lock with it), its five deliveries still claimed and unsent.
    await first.letGo();
    const taken = await second.claim(100);
    expect(logged).toEqual([{ released: 5 }]);
    expect(taken.deliveries.map((d) => d.messageId).sort()).toEqual(
      claimed.deliveries.map((d) => d.messageId).sort(),
    );
    await second.letGo();
  });
});
