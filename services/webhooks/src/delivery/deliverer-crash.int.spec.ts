import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { Database, EventStore, ProjectionRunner } from '@brand-api/event-store';
import { describeOnServer, eventually, spawnTypeScript } from '@brand-api/event-store/testing';
import type { TypeScriptChild } from '@brand-api/event-store/testing';
import { webhookMessageId } from '@brand-api/domain';
import { registerEndpoint } from '../testing/fixtures';
import { hasValidSignature, startWebhookReceiver } from '../testing/webhook-receiver';
import type { WebhookReceiver } from '../testing/webhook-receiver';
import { webhookProjector } from '../testing/webhook-tables';
import { appendJoins, openWebhookTestDatabase } from '../testing/webhook-test-database';
import type { WebhookTestDatabase } from '../testing/webhook-test-database';
import { createDeliverer } from './deliverer';
import { createNodeHttpClient } from './http-client';

jest.setTimeout(120_000);

const leaseMs = 20_000;

/**
 * A deliverer is killed with SIGKILL while its requests are in flight. Its claims are leased
 * for 20 s, but its lock went with its connection: the next deliverer's first look makes them
 * due again and sends them at once, under the same webhook-id. Needs a server: the child
 * process must reach the same database (in-memory PGlite is per process).
 */
describeOnServer(
  'deliverer killed mid-batch',
  'a second process cannot open in-memory PGlite',
  () => {
    let bed: WebhookTestDatabase;
    let db: Database;
    let store: EventStore;
    let projector: ProjectionRunner;
    let receiver: WebhookReceiver;
    let child: TypeScriptChild | undefined;

    beforeAll(async () => {
      bed = await openWebhookTestDatabase();
      ({ db, store } = bed);
      projector = webhookProjector(db, store);
      await projector.start();
      receiver = await startWebhookReceiver();
    });

    afterAll(async () => {
      child?.kill('SIGKILL');
      await receiver.close();
      await projector.stop();
      await bed.close();
    });

    it('loses nothing and re-sends with the same webhook-id', async () => {
      const brandId = randomUUID();
      const endpoint = await registerEndpoint(store, { brandId, url: receiver.url('/hook') });
      const count = 40;
      const { events, position } = await appendJoins(store, brandId, count);
      expect(await projector.waitFor(position, 20_000)).toBe(true);

      // The receiver holds every answer: the child's batch is in flight when it dies.
      let holding = true;
      receiver.plan('/hook', () => (holding ? { status: 200, delayMs: 60_000 } : { status: 200 }));
      const worker = spawnTypeScript(
        resolve(__dirname, '../testing/deliverer-crash-worker.ts'),
        [],
        {
          WORKER_DATABASE_URL: bed.testDb.url!,
          MAX_IN_FLIGHT: '10',
          LEASE_MS: String(leaseMs),
        },
      );
      child = worker;
      const inFlight = await receiver
        .waitFor(10, { path: '/hook', timeoutMs: 30_000 })
        .catch((error: unknown) => {
          throw new Error(`${String(error)}; child stderr: ${worker.output().stderr}`);
        });
      // The child claims its next batch while the first is in flight; on a busy machine that
      // can come a little after the tenth request arrives.
      const leasedCount = async () =>
        (
          await db.query<{ count: number }>(
            `SELECT count(*)::int AS count FROM webhook_deliveries
             WHERE status = 'pending' AND claim_token IS NOT NULL`,
          )
        ).rows[0]!.count;
      await eventually(async () => (await leasedCount()) === 20, { timeoutMs: 30_000 });
      worker.kill('SIGKILL');
      await worker.exited;
      holding = false;
      const sentByChild = new Set(inFlight.map((r) => r.id));
      expect(sentByChild.size).toBe(10);

      // Nothing was recorded for the child's claims: 10 in flight and 10 claimed ahead, unsent.
      expect(await leasedCount()).toBe(20);

      // Long before the lease ends, the next deliverer sends them with the rest.
      const http = createNodeHttpClient({ policy: { allowPrivateTargets: true } });
      try {
        const startedAt = Date.now();
        const recovered = await createDeliverer({ db, store, http }).deliverDue();
        expect(recovered).toMatchObject({ attempted: count, delivered: count });
        expect(Date.now() - startedAt).toBeLessThan(leaseMs);
      } finally {
        http.close();
      }

      const received = receiver.receivedOn('/hook');
      const expectedIds = events.map((event) => webhookMessageId(event.id));
      expect(new Set(received.map((r) => r.id))).toEqual(new Set(expectedIds));
      const resent = received.slice(10).filter((r) => sentByChild.has(r.id));
      expect(new Set(resent.map((r) => r.id))).toEqual(sentByChild);
      expect(resent.every((r) => hasValidSignature(endpoint.secret, r))).toBe(true);
      const { rows } = await db.query<{ status: string; count: number }>(
        `SELECT status, count(*)::int AS count FROM webhook_deliveries GROUP BY status`,
      );
      expect(rows).toEqual([{ status: 'delivered', count }]);
    });
  },
);
