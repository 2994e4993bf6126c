import { randomUUID } from 'node:crypto';
import { createDeliverer, createNodeHttpClient, webhookMessageId } from '@brand-api/webhooks';
import type { WebhookHttpClient } from '@brand-api/webhooks';
import type { ProjectionRunner } from '@brand-api/event-store';
import {
  aMember,
  hasValidSignature,
  memberJoined,
  startWebhookReceiver,
  verifyWebhook,
} from '@brand-api/webhooks/testing';
import type { WebhookReceiver } from '@brand-api/webhooks/testing';
import { adminAuth, createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { startWebhookProjector } from '../../testing/webhook-projector';

jest.setTimeout(60_000);

interface EndpointBody {
  id: string;
  url: string;
  eventTypes: string[] | null;
  enabled: boolean;
  disabledReason: string | null;
  previousSecretExpiresAt: string | null;
}

let t: TestApp;
let projector: ProjectionRunner;
let receiver: WebhookReceiver;
let http: WebhookHttpClient;
let brandId: string;

const base = (brand = brandId) => `/admin/v1/brands/${brand}/webhook-endpoints`;
const allowPrivate = (allowed: boolean) => {
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = allowed ? 'true' : 'false';
};

const createEndpoint = async (body: object, brand = brandId) =>
  (await t.http.post(base(brand)).set('authorization', adminAuth).send(body).expect(201)).body as {
    data: EndpointBody & { secret: string };
  };

/** A brand of its own, so no other test's endpoint gets its messages. */
const newBrand = async () => {
  const brand = await t.http
    .post('/admin/v1/brands')
    .set('authorization', adminAuth)
    .send({ name: 'Hooks too' })
    .expect(201);
  return (brand.body as { data: { id: string } }).data.id;
};

/** A member joins `brand`; resolves to the message id once the projector queued it. */
const memberJoins = async (brand: string, occurredAt = new Date()) => {
  const member = aMember();
  const event = memberJoined(brand, member, occurredAt);
  const { position } = await t.eventStore.appendToStream(`member-${member.id}`, [event], {
    expectedVersion: 'no_stream',
  });
  expect(await projector.waitFor(position, 10_000)).toBe(true);
  return webhookMessageId(event.id);
};

/** Busy for an hour: the next attempt is then an hour away (Retry-After is honoured). */
const busyForAnHour = () => ({ status: 503, headers: { 'retry-after': '3600' } });

beforeAll(async () => {
  t = await createTestApp();
  projector = await startWebhookProjector(t);
  receiver = await startWebhookReceiver();
  http = createNodeHttpClient({ policy: { allowPrivateTargets: true } });
  const brand = await t.http
    .post('/admin/v1/brands')
    .set('authorization', adminAuth)
    .send({ name: 'Hooks' })
    .expect(201);
  brandId = (brand.body as { data: { id: string } }).data.id;
});

beforeEach(() => allowPrivate(true));

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  http.close();
  await receiver.close();
  await projector.stop();
  await t.close();
});

describe('webhook endpoints in the operator API', () => {
  it('registers an endpoint and shows its whsec_ secret (32 random bytes) only then', async () => {
    const { data } = await createEndpoint({ url: receiver.url('/a') });
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      url: receiver.url('/a'),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/) as string,
      eventTypes: null,
      enabled: true,
    });
    expect(Buffer.from(data.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);

    const listed = await t.http.get(base()).set('authorization', adminAuth).expect(200);
    const shown = (listed.body as { data: EndpointBody[] }).data.find((e) => e.id === data.id);
    expect(shown).toMatchObject({ url: receiver.url('/a'), enabled: true, eventTypes: null });
    expect(JSON.stringify(listed.body)).not.toContain(data.secret);
  });

  it.each([
    ['http://127.0.0.1:9/hook', 'loopback'],
    ['http://localhost:9/hook', 'loopback'],
    ['http://[::1]/hook', 'loopback'],
    ['http://169.254.169.254/latest/meta-data', 'link-local'],
    ['http://10.1.2.3/hook', 'private'],
    ['http://192.168.0.10/hook', 'private'],
  ])('refuses %s (%s) unless private targets are allowed', async (url, kind) => {
    allowPrivate(false);
    const response = await t.http
      .post(base())
      .set('authorization', adminAuth)
      .send({ url })
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'WEBHOOK_TARGET_NOT_ALLOWED',
      details: [
        { field: '/url', message: expect.stringContaining(`is a ${kind} address`) as string },
      ],
    });
  });

  it('validates the body and answers 404 for unknown brands and endpoints', async () => {
    const bad = await t.http
      .post(base())
      .set('authorization', adminAuth)
      .send({ url: receiver.url('/b'), eventTypes: ['user.left'] })
      .expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    await t.http
      .post(base())
      .set('authorization', adminAuth)
      .send({ url: 'ftp://example.com/x' })
      .expect(400);
    await t.http
      .post(`/admin/v1/brands/${randomUUID()}/webhook-endpoints`)
      .set('authorization', adminAuth)
      .send({ url: receiver.url('/b') })
      .expect(404);
    await t.http.get(`${base()}/${randomUUID()}`).set('authorization', adminAuth).expect(404);
  });

  it("keeps brands apart: another brand's endpoint is not found", async () => {
    const { data } = await createEndpoint({ url: receiver.url('/c') });
    const other = await t.http
      .post('/admin/v1/brands')
      .set('authorization', adminAuth)
      .send({ name: 'Other' })
      .expect(201);
    const otherBase = `/admin/v1/brands/${(other.body as { data: { id: string } }).data.id}/webhook-endpoints`;
    await t.http.get(`${otherBase}/${data.id}`).set('authorization', adminAuth).expect(404);
    await t.http
      .patch(`${otherBase}/${data.id}`)
      .set('authorization', adminAuth)
      .send({ enabled: false })
      .expect(404);
  });

  it('updates URL, event types and enabled, recording only changes', async () => {
    const { data } = await createEndpoint({ url: receiver.url('/d'), eventTypes: ['post.liked'] });
    const patched = await t.http
      .patch(`${base()}/${data.id}`)
      .set('authorization', adminAuth)
      .send({
        url: receiver.url('/d2'),
        eventTypes: ['user.joined', 'post.created'],
        enabled: false,
      })
      .expect(200);
    expect((patched.body as { data: EndpointBody }).data).toMatchObject({
      url: receiver.url('/d2'),
      eventTypes: ['user.joined', 'post.created'],
      enabled: false,
      disabledReason: 'operator',
    });
    const fetched = await t.http
      .get(`${base()}/${data.id}`)
      .set('authorization', adminAuth)
      .expect(200);
    expect((fetched.body as { data: EndpointBody }).data).toMatchObject({
      url: receiver.url('/d2'),
      enabled: false,
    });
    await t.http
      .patch(`${base()}/${data.id}`)
      .set('authorization', adminAuth)
      .send({ eventTypes: null, enabled: true })
      .expect(200);
    const stream = await t.eventStore.readStream(`webhookEndpoint-${data.id}`);
    expect(stream.map((e) => e.type)).toEqual([
      'WebhookEndpointRegistered',
      'WebhookEndpointUpdated',
      'WebhookEndpointDisabled',
      'WebhookEndpointUpdated',
      'WebhookEndpointEnabled',
    ]);
  });

  it('rotates the secret: the new one is shown once, the old one signs for 24 more hours', async () => {
    const { data } = await createEndpoint({ url: receiver.url('/e') });
    const before = Date.now();
    const rotated = await t.http
      .post(`${base()}/${data.id}/rotate-secret`)
      .set('authorization', adminAuth)
      .expect(200);
    const { secret, previousSecretExpiresAt } = (
      rotated.body as { data: { secret: string; previousSecretExpiresAt: string } }
    ).data;
    expect(secret).not.toBe(data.secret);
    const expires = Date.parse(previousSecretExpiresAt) - before;
    expect(expires).toBeGreaterThanOrEqual(24 * 3600 * 1000 - 10);
    expect(expires).toBeLessThan(24 * 3600 * 1000 + 10_000);

    const member = aMember();
    const event = memberJoined(brandId, member);
    const { position } = await t.eventStore.appendToStream(`member-${member.id}`, [event], {
      expectedVersion: 'no_stream',
    });
    expect(await projector.waitFor(position, 10_000)).toBe(true);
    await createDeliverer({ db: t.testDb.db, store: t.eventStore, http }).deliverDue();
    const [received] = receiver.receivedOn('/e');
    expect(received!.id).toBe(webhookMessageId(event.id));
    expect(verifyWebhook(secret, received!)).toMatchObject({ type: 'user.joined' });
    expect(verifyWebhook(data.secret, received!)).toMatchObject({ type: 'user.joined' });
  });

  it('lists attempts and messages, and replays failed messages since a time', async () => {
    const { data } = await createEndpoint({ url: receiver.url('/f') });
    receiver.plan('/f', () => ({ status: 500, body: 'boom' }));
    let now = new Date(Date.now() + 1_000);
    const deliverer = createDeliverer({
      db: t.testDb.db,
      store: t.eventStore,
      http,
      clock: () => now,
    });
    const member = aMember();
    const old = memberJoined(brandId, member, new Date('2025-01-01T00:00:00.000Z'));
    const recent = memberJoined(brandId, member, new Date('2025-06-01T00:00:00.000Z'));
    const { position } = await t.eventStore.appendToStream(`member-${member.id}`, [old, recent], {
      expectedVersion: 'no_stream',
    });
    expect(await projector.waitFor(position, 10_000)).toBe(true);
    // Eight attempts, each once its retry falls due, then both messages are failed.
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await deliverer.deliverDue();
      now = new Date(now.getTime() + 11 * 3600 * 1000);
    }
    const failed = await t.http
      .get(`${base()}/${data.id}/messages?status=failed`)
      .set('authorization', adminAuth)
      .expect(200);
    expect((failed.body as { data: { messageId: string; attempts: number }[] }).data).toEqual([
      expect.objectContaining({
        messageId: webhookMessageId(recent.id),
        attempts: 8,
        lastError: 'HTTP 500 (attempt 8, the last)',
      }),
      expect.objectContaining({ messageId: webhookMessageId(old.id), attempts: 8 }),
    ]);

    const firstPage = await t.http
      .get(`${base()}/${data.id}/attempts?limit=3`)
      .set('authorization', adminAuth)
      .expect(200);
    const page = firstPage.body as {
      hasMore: boolean;
      nextCursor: string;
      data: {
        attempt: number;
        statusCode: number;
        outcome: string;
        responseExcerpt: string;
        durationMs: number;
      }[];
    };
    expect(page.hasMore).toBe(true);
    expect(page.data).toHaveLength(3);
    expect(page.data[0]).toMatchObject({
      attempt: 8,
      statusCode: 500,
      outcome: 'failed',
      responseExcerpt: 'boom',
    });
    let seen = page.data.length;
    let cursor: string | null = page.nextCursor;
    while (cursor) {
      const next = await t.http
        .get(`${base()}/${data.id}/attempts?limit=3&cursor=${cursor}`)
        .set('authorization', adminAuth)
        .expect(200);
      const body = next.body as { data: unknown[]; nextCursor: string | null };
      seen += body.data.length;
      cursor = body.nextCursor;
    }
    expect(seen).toBe(16);
    await t.http
      .get(`${base()}/${data.id}/attempts?cursor=nonsense`)
      .set('authorization', adminAuth)
      .expect(400);

    receiver.plan('/f', () => ({ status: 200 }));
    const replay = await t.http
      .post(`${base()}/${data.id}/replay`)
      .set('authorization', adminAuth)
      .send({ since: '2025-03-01T00:00:00Z' })
      .expect(202);
    expect(replay.body).toEqual({ data: { queued: 1, failed: 1, pending: 0, sending: 0 } });
    const before = receiver.receivedOn('/f').length;
    expect(await deliverer.deliverDue()).toMatchObject({ delivered: 1 });
    const resent = receiver.receivedOn('/f').slice(before);
    expect(resent.map((r) => r.id)).toEqual([webhookMessageId(recent.id)]);
    expect(hasValidSignature(data.secret, resent[0]!)).toBe(true);
  });

  it('replays pending messages too: their next attempt is now', async () => {
    const brand = await newBrand();
    const { data } = await createEndpoint({ url: receiver.url('/p') }, brand);
    receiver.plan('/p', busyForAnHour);
    const messageId = await memberJoins(brand, new Date('2025-06-01T00:00:00.000Z'));
    // Other tests' endpoints may have messages due too: the receiver's paths tell them apart.
    const deliverer = createDeliverer({ db: t.testDb.db, store: t.eventStore, http });
    await deliverer.deliverDue();
    expect(receiver.receivedOn('/p')).toHaveLength(1);

    receiver.plan('/p', () => ({ status: 204 }));
    const replay = await t.http
      .post(`${base(brand)}/${data.id}/replay`)
      .set('authorization', adminAuth)
      .send({ since: '2025-03-01T00:00:00Z' })
      .expect(202);
    expect(replay.body).toEqual({ data: { queued: 1, failed: 0, pending: 1, sending: 0 } });
    await deliverer.deliverDue();
    expect(receiver.receivedOn('/p').map((r) => r.id)).toEqual([messageId, messageId]);
  });

  it('refuses to replay into a disabled endpoint', async () => {
    const { data } = await createEndpoint({ url: receiver.url('/g') });
    await t.http
      .patch(`${base()}/${data.id}`)
      .set('authorization', adminAuth)
      .send({ enabled: false })
      .expect(200);
    const response = await t.http
      .post(`${base()}/${data.id}/replay`)
      .set('authorization', adminAuth)
      .send({ since: '2025-03-01T00:00:00Z' })
      .expect(409);
    expect(response.body).toMatchObject({ code: 'CONFLICT' });
  });
});

describe('POST /admin/v1/webhook-messages/{messageId}/retry', () => {
  const retry = (messageId: string) =>
    t.http.post(`/admin/v1/webhook-messages/${messageId}/retry`).set('authorization', adminAuth);

  it('sends a pending message now; a delivered one is a 409', async () => {
    const brand = await newBrand();
    await createEndpoint({ url: receiver.url('/r') }, brand);
    receiver.plan('/r', busyForAnHour);
    const messageId = await memberJoins(brand);
    const deliverer = createDeliverer({ db: t.testDb.db, store: t.eventStore, http });
    await deliverer.deliverDue();
    // Its next attempt is an hour away.
    await deliverer.deliverDue();
    expect(receiver.receivedOn('/r')).toHaveLength(1);

    receiver.plan('/r', () => ({ status: 204 }));
    const sent = await retry(messageId).expect(202);
    expect(sent.body).toEqual({
      data: { messageId, queued: 1, failed: 0, pending: 1, sending: 0, delivered: 0, disabled: 0 },
    });
    await deliverer.deliverDue();
    expect(receiver.receivedOn('/r').map((r) => r.id)).toEqual([messageId, messageId]);

    const again = await retry(messageId).expect(409);
    expect(again.body).toMatchObject({
      code: 'CONFLICT',
      message: `Message ${messageId} is already delivered to every endpoint (1): nothing to send`,
    });
    await deliverer.deliverDue();
    expect(receiver.receivedOn('/r')).toHaveLength(2);
  });

  it('answers 404 for an unknown message id and 400 for a malformed one', async () => {
    const unknown = `msg_${'A'.repeat(27)}`;
    expect((await retry(unknown).expect(404)).body).toMatchObject({
      code: 'NOT_FOUND',
      message: `No webhook message ${unknown}`,
    });
    const malformed = await retry('12345').expect(400);
    expect(malformed.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [
        {
          location: 'path',
          field: '/messageId',
          message:
            'must be a webhook message id: msg_ and 27 letters, digits, _ or -, such as msg_2Kq8c7Q1mW3xV9bN0pL5tY4rZ6a',
        },
      ],
    });
    await t.http.post(`/admin/v1/webhook-messages/${unknown}/retry`).expect(401);
  });
});
