import { randomUUID } from 'node:crypto';
import type { Database, EventStore, ProjectionRunner } from '@brand-api/event-store';
import { eventually, hasPostgresServer } from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import { generateWebhookSecret } from '../endpoints/secret';
import { webhookMessageId } from '@brand-api/domain';
import { useDeliveryBed } from '../testing/delivery-bed';
import { runEndpointCommand } from '../testing/fixtures';
import { appendJoins } from '../testing/webhook-test-database';
import { hasValidSignature, verifyWebhook } from '../testing/webhook-receiver';
import type { WebhookReceiver } from '../testing/webhook-receiver';
import { createDeliverer } from './deliverer';
import type { Deliverer, DelivererOptions } from './deliverer';
import { createNodeHttpClient } from './http-client';
import type { WebhookHttpClient } from './http-client';
import { retryScheduleMs } from './retry-schedule';
import { sendNow } from './send-now';

// Jest ignores a project's testTimeout; this file's tests run real HTTP and a real database.
jest.setTimeout(60_000);

interface AttemptRow {
  attempt: number;
  status_code: number | null;
  outcome: string;
  error: string | null;
  duration_ms: number;
  response_excerpt: string | null;
}

describe(`deliverer on ${hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite'}`, () => {
  const bed = useDeliveryBed();
  let testDb: TestDatabase;
  let db: Database;
  let store: EventStore;
  let projector: ProjectionRunner;
  let receiver: WebhookReceiver;
  let http: WebhookHttpClient;
  let now: Date;
  const clock = () => new Date(now);
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  /** No jitter (random 0.5 → factor 1), so scheduled times are exact. */
  const deliverer = (options: Partial<DelivererOptions> = {}): Deliverer =>
    createDeliverer({ db, store, http, clock, random: () => 0.5, ...options });

  const setUp = async (eventTypes?: string[]) => {
    const brandId = randomUUID();
    return { brandId, ...(await bed().endpointOnReceiver(brandId, eventTypes)) };
  };
  const join = (brandId: string) => bed().join(brandId);
  const delivery = (messageId: string) => bed().delivery(messageId);

  const attempts = async (messageId: string) =>
    (
      await db.query<AttemptRow>(
        `SELECT attempt, status_code, outcome, error, duration_ms, response_excerpt
         FROM webhook_attempts WHERE message_id = $1 ORDER BY id`,
        [messageId],
      )
    ).rows;

  beforeAll(() => {
    ({ testDb, db, store, projector, receiver, http } = bed());
  });

  beforeEach(() => {
    // A minute ahead of the wall clock: a message is due at its event's time, so the events a
    // test appends are due at `now` even when a loaded machine takes seconds to append them.
    now = new Date(Date.now() + 60_000);
  });

  it('POSTs the envelope signed with standardwebhooks and logs the attempt', async () => {
    const { brandId, path, endpoint } = await setUp();
    const { event, messageId } = await join(brandId);
    now = new Date();

    expect(await deliverer().deliverDue()).toMatchObject({ attempted: 1, delivered: 1 });

    const [received] = receiver.receivedOn(path);
    expect(received).toMatchObject({ id: messageId, contentType: 'application/json' });
    expect(received!.timestamp).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(verifyWebhook(endpoint.secret, received!)).toMatchObject({
      type: 'user.joined',
      timestamp: (event.metadata as { occurredAt: string }).occurredAt,
      data: { userId: (event.data as { memberId: string }).memberId },
    });
    expect(() =>
      verifyWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, received!),
    ).toThrow('No matching signature found');
    expect(await delivery(messageId)).toMatchObject({ status: 'delivered', attempts: 1 });
    const [logged] = await attempts(messageId);
    expect(logged).toMatchObject({
      attempt: 1,
      status_code: 200,
      outcome: 'delivered',
      response_excerpt: 'ok',
    });
    expect(logged!.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('retries a 500 on the schedule, fails after the eighth attempt, and can be replayed', async () => {
    const { brandId, path, endpoint } = await setUp();
    receiver.plan(path, () => ({ status: 500, body: 'database down' }));
    const { messageId } = await join(brandId);
    const worker = deliverer();

    const sentAt: number[] = [];
    for (const [index, delay] of retryScheduleMs.entries()) {
      advance(delay - 1);
      if (index > 0) {
        expect((await worker.deliverDue()).attempted).toBe(0);
      }
      advance(1);
      expect(await worker.deliverDue()).toMatchObject({ attempted: 1 });
      sentAt.push(now.getTime());
    }
    const received = receiver.receivedOn(path);
    expect(received).toHaveLength(8);
    expect(new Set(received.map((r) => r.id))).toEqual(new Set([messageId]));
    expect(received.map((r) => Number(r.timestamp) * 1000)).toEqual(
      sentAt.map((t) => Math.floor(t / 1000) * 1000),
    );
    expect(received.every((r) => hasValidSignature(endpoint.secret, r))).toBe(true);
    expect(await delivery(messageId)).toMatchObject({
      status: 'failed',
      attempts: 8,
      last_status_code: 500,
      last_error: 'HTTP 500 (attempt 8, the last)',
    });
    const logged = await attempts(messageId);
    expect(logged.map((a) => a.outcome)).toEqual([...Array<string>(7).fill('retrying'), 'failed']);
    expect(logged[0]).toMatchObject({ status_code: 500, response_excerpt: 'database down' });

    advance(24 * 3600 * 1000);
    expect((await worker.deliverDue()).attempted).toBe(0);
    expect(await sendNow(db, { endpointId: endpoint.id, since: new Date(0) }, clock())).toEqual({
      failed: 1,
      pending: 0,
      sending: 0,
      disabled: 0,
    });
    receiver.plan(path, () => ({ status: 204 }));
    expect(await worker.deliverDue()).toMatchObject({ attempted: 1, delivered: 1 });
    expect(receiver.receivedOn(path).at(-1)!.id).toBe(messageId);
    expect(await delivery(messageId)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('jitters each retry by at most ±10%', async () => {
    const { brandId, path } = await setUp();
    receiver.plan(path, () => ({ status: 503 }));
    const { messageId } = await join(brandId);
    await deliverer({ random: () => 0.999 }).deliverDue();
    const row = await delivery(messageId);
    const delay = row.next_attempt_at.getTime() - now.getTime();
    expect(delay).toBeGreaterThan(5_000);
    expect(delay).toBeLessThanOrEqual(5_500);
  });

  it('disables an endpoint that answers 410 after one attempt, and fails its later messages unsent', async () => {
    const { brandId, path, endpoint } = await setUp();
    receiver.plan(path, () => ({ status: 410 }));
    const first = await join(brandId);
    expect(await deliverer().deliverDue()).toMatchObject({ attempted: 1, failed: 1 });
    expect(await delivery(first.messageId)).toMatchObject({ status: 'failed', attempts: 1 });

    await eventually(async () => {
      const { rows } = await db.query<{ enabled: boolean; disabled_reason: string }>(
        'SELECT enabled, disabled_reason FROM webhook_endpoints WHERE id = $1',
        [endpoint.id],
      );
      return rows[0]?.enabled === false && rows[0].disabled_reason === 'gone';
    });
    const events = await store.readStream(`webhookEndpoint-${endpoint.id}`);
    expect(events.at(-1)).toMatchObject({
      type: 'WebhookEndpointDisabled',
      data: { reason: 'gone' },
      metadata: {
        actor: { kind: 'system', id: 'webhook-deliverer' },
        correlationId: first.messageId,
      },
    });

    // Queued before the projector saw the disabling: failed at claim time, never sent.
    await db.query(`UPDATE webhook_endpoints SET enabled = true WHERE id = $1`, [endpoint.id]);
    const second = await join(brandId);
    await db.query(`UPDATE webhook_endpoints SET enabled = false WHERE id = $1`, [endpoint.id]);
    expect(await deliverer().deliverDue()).toMatchObject({ attempted: 0, failed: 1 });
    expect(await delivery(second.messageId)).toMatchObject({
      status: 'failed',
      attempts: 0,
      last_error: 'endpoint disabled',
    });
    expect(receiver.receivedOn(path)).toHaveLength(1);
  });

  it('treats a redirect as a failure and never follows it', async () => {
    const { brandId, path } = await setUp();
    const target = `/${randomUUID()}`;
    receiver.plan(path, () => ({ status: 301, headers: { location: receiver.url(target) } }));
    const { messageId } = await join(brandId);
    expect(await deliverer().deliverDue()).toMatchObject({ attempted: 1, retrying: 1 });
    expect(receiver.receivedOn(target)).toEqual([]);
    expect(await delivery(messageId)).toMatchObject({
      status: 'pending',
      last_status_code: 301,
      last_error: `HTTP 301: redirects are not followed; update the endpoint URL (Location: ${receiver.url(target)})`,
    });
  });

  it('gives up on an answer after the timeout and retries later', async () => {
    const { brandId, path } = await setUp();
    receiver.plan(path, () => ({ status: 200, delayMs: 3_000 }));
    const { messageId } = await join(brandId);
    const started = Date.now();
    expect(await deliverer({ timeoutMs: 300 }).deliverDue()).toMatchObject({ retrying: 1 });
    expect(Date.now() - started).toBeLessThan(2_500);
    const row = await delivery(messageId);
    expect(row).toMatchObject({ status: 'pending', last_status_code: null });
    expect(row.last_error).toBe('no complete answer within 300 ms');
    expect(row.next_attempt_at.getTime()).toBe(now.getTime() + 5_000);
  });

  it('waits as long as Retry-After asks on 429, and no longer than the schedule otherwise', async () => {
    const { brandId, path } = await setUp();
    receiver.plan(path, (_request, count) =>
      count === 1 ? { status: 429, headers: { 'retry-after': '120' } } : { status: 200 },
    );
    const { messageId } = await join(brandId);
    const worker = deliverer();
    await worker.deliverDue();
    expect((await delivery(messageId)).next_attempt_at.getTime()).toBe(now.getTime() + 120_000);
    advance(5_000);
    expect((await worker.deliverDue()).attempted).toBe(0);
    advance(115_000);
    expect(await worker.deliverDue()).toMatchObject({ delivered: 1 });
    expect(receiver.receivedOn(path).map((r) => r.id)).toEqual([messageId, messageId]);
  });

  it('signs with the old and the new secret for 24 hours after a rotation', async () => {
    const { brandId, path, endpoint } = await setUp();
    const newSecret = generateWebhookSecret();
    const rotatedAt = clock();
    const position = await runEndpointCommand(store, brandId, {
      type: 'RotateWebhookEndpointSecret',
      data: { webhookEndpointId: endpoint.id, brandId, secret: newSecret },
      metadata: { now: rotatedAt.toISOString() },
    });
    expect(await projector.waitFor(position!, 10_000)).toBe(true);
    const worker = deliverer();
    /** The message of a new member's join, as the receiver got it. */
    const deliveredJoin = async () => {
      await join(brandId);
      await worker.deliverDue();
      return receiver.receivedOn(path).at(-1)!;
    };

    const during = await deliveredJoin();
    expect(during.signature.split(' ')).toHaveLength(2);
    expect(hasValidSignature(newSecret, during)).toBe(true);
    expect(hasValidSignature(endpoint.secret, during)).toBe(true);

    now = new Date(rotatedAt.getTime() + 24 * 3600 * 1000);
    const after = await deliveredJoin();
    expect(after.signature.split(' ')).toHaveLength(1);
    expect(hasValidSignature(newSecret, after)).toBe(true);
    expect(hasValidSignature(endpoint.secret, after)).toBe(false);
  });

  it('refuses loopback targets at delivery unless private targets are allowed', async () => {
    const { brandId, path } = await setUp();
    const { messageId } = await join(brandId);
    const guarded = createNodeHttpClient({ policy: { allowPrivateTargets: false } });
    try {
      expect(await deliverer({ http: guarded }).deliverDue()).toMatchObject({ retrying: 1 });
    } finally {
      guarded.close();
    }
    expect(receiver.receivedOn(path)).toEqual([]);
    expect((await delivery(messageId)).last_error).toBe(
      '127.0.0.1 is a loopback address; webhooks go to public addresses only, unless the server runs with WEBHOOK_ALLOW_PRIVATE_TARGETS=true',
    );
  });

  it('keeps at most 1,000 characters of a response body in the attempt log', async () => {
    const { brandId, path } = await setUp();
    receiver.plan(path, () => ({ status: 500, body: 'x'.repeat(100_000) }));
    const { messageId } = await join(brandId);
    await deliverer().deliverDue();
    const [logged] = await attempts(messageId);
    expect(logged!.response_excerpt).toBe('x'.repeat(1000));
  });

  it('a clean stop finishes the requests in flight and hands back what it claimed ahead', async () => {
    const { brandId, path } = await setUp();
    receiver.plan(path, () => ({ status: 200, delayMs: 300 }));
    const { position } = await appendJoins(store, brandId, 10);
    expect(await projector.waitFor(position, 10_000)).toBe(true);
    const worker = createDeliverer({ db, store, http, maxInFlight: 2, claimBatchSize: 2 });
    await worker.start();
    await receiver.waitFor(2, { path });
    await worker.stop();
    const { rows } = await db.query<{ status: string; claimed: boolean; count: number }>(
      `SELECT status, claim_token IS NOT NULL AS claimed, count(*)::int AS count
       FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id
       WHERE m.brand_id = $1 GROUP BY 1, 2 ORDER BY 1`,
      [brandId],
    );
    expect(rows).toEqual([
      { status: 'delivered', claimed: false, count: 2 },
      { status: 'pending', claimed: false, count: 8 },
    ]);
    receiver.plan(path, () => ({ status: 200 }));
    expect(await deliverer().deliverDue()).toMatchObject({ delivered: 8 });
  });

  it('several workers running at once send every message exactly once', async () => {
    const { brandId, path } = await setUp();
    const count = 150;
    const { events, position } = await appendJoins(store, brandId, count);
    expect(await projector.waitFor(position, 20_000)).toBe(true);
    // Separate pools on a server (as separate processes would have); one PGlite in-process.
    const workers = [0, 1, 2].map(() =>
      createDeliverer({
        db: hasPostgresServer() ? testDb.connect(4) : db,
        store,
        http,
        maxInFlight: 8,
        claimBatchSize: 10,
      }),
    );
    await Promise.all(workers.map((w) => w.start()));
    try {
      await receiver.waitFor(count, { path, timeoutMs: 30_000 });
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const ids = receiver.receivedOn(path).map((r) => r.id);
    expect(ids).toHaveLength(count);
    expect(new Set(ids)).toEqual(new Set(events.map((e) => webhookMessageId(e.id))));
  });
});
