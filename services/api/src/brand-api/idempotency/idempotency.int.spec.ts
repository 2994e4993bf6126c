import { randomUUID } from 'node:crypto';
import type { BrandProduct } from '@brand-api/contracts';
import { createPostgresEventStore } from '@brand-api/event-store';
import { eventually, hasPostgresServer } from '@brand-api/event-store/testing';
import type { Response } from 'supertest';
import { errorOf } from '../../testing/error-body';
import { productBody } from '../../testing/product-body';
import { adminAuth, createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { createCatalogueFeature } from '../catalogue';
import { communityFeature } from '../community';
import { eventsFeature } from '../events';
import type { Feature } from '../feature';
import { requestFingerprint } from './idempotency';
import { IdempotencyKeys } from './idempotency-keys';

jest.setTimeout(180_000);

let t: TestApp;
let key: string;
let otherKey: string;
let apiKeyId: string;
/** The app's clock runs this far ahead of the real one (key expiry). */
let aheadMs = 0;
/** Creates of store ids starting `held-` wait for this before writing. */
let gate: { promise: Promise<void>; open: () => void };
const newGate = () => {
  let open = () => undefined as void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  gate = { promise, open };
};

/**
 * The real catalogue, except that a create can be held before its write (`held-…`), or fail
 * with a 500 right after it (`crash-…`): a request in flight, and a write whose answer is lost.
 */
const catalogue = createCatalogueFeature();
const heldOrCrashing: Feature = {
  name: 'catalogue',
  handlers(services) {
    const handlers = catalogue.handlers(services);
    const create = handlers.createBrandProduct!;
    return {
      ...handlers,
      async createBrandProduct(request) {
        if (request.body.storeId.startsWith('held-')) await gate.promise;
        const answer = await create(request);
        if (request.body.storeId.startsWith('crash-')) throw new Error('died after its write');
        return answer;
      },
    };
  },
};

const product = productBody;

beforeAll(async () => {
  t = await createTestApp({
    deps: {
      features: [heldOrCrashing, communityFeature, eventsFeature],
      clock: () => new Date(Date.now() + aheadMs),
    },
  });
  const scopes = ['brand_products:read', 'brand_products:write'];
  const first = await t.brandWithKey(scopes);
  key = first.key;
  apiKeyId = first.keyId;
  const second = await t.http
    .post(`/admin/v1/brands/${first.brandId}/api-keys`)
    .set('authorization', adminAuth)
    .send({ scopes, name: 'second key' })
    .expect(201);
  otherKey = (second.body as { data: { key: string } }).data.key;
  newGate();
});
afterAll(() => t.close());

const send = (
  method: 'post' | 'patch' | 'delete',
  path: string,
  idempotencyKey: string | undefined,
  body?: object,
  apiKey = key,
) => {
  let request = t.http[method](`/api/v1${path}`).set('authorization', `Bearer ${apiKey}`);
  if (idempotencyKey !== undefined) request = request.set('idempotency-key', idempotencyKey);
  return body === undefined ? request : request.send(body);
};

const eventCount = () => t.eventStore.countEvents();
const idOf = (response: Response) => (response.body as { data: BrandProduct }).data.id;

/** The response, after checking its status (with the body in the message when it differs). */
function answered(response: Response, status: number): Response {
  expect([response.status, response.text]).toEqual([status, expect.any(String)]);
  return response;
}

/** The answer again, as stored: same status, body and ETag, marked as replayed. */
function expectReplayOf(replayed: Response, first: Response): void {
  expect(replayed.status).toBe(first.status);
  expect(replayed.text).toBe(first.text);
  expect(replayed.headers.etag).toBe(first.headers.etag);
  expect(replayed.headers['idempotent-replayed']).toBe('true');
  expect(first.headers['idempotent-replayed']).toBeUndefined();
}

describe(`Idempotency-Key on the Brand API's writes (${hasPostgresServer() ? 'Postgres server' : 'PGlite'})`, () => {
  it('answers a retried create with the first 201, same body and ETag, and appends nothing', async () => {
    const idempotencyKey = randomUUID();
    const first = await send('post', '/brand-products', idempotencyKey, product('I-1')).expect(201);
    const before = await eventCount();
    const retried = await send('post', '/brand-products', idempotencyKey, product('I-1'));
    expectReplayOf(retried, first);
    expect(await eventCount()).toBe(before);
    // The write's events carry the key's id: the log says the request was applied.
    const written = await t.eventStore.readStream(`product-${idOf(first)}`);
    const keyId = written[0]?.metadata.idempotencyKeyId as string;
    expect(keyId).toEqual(expect.any(String));
    expect((await t.eventStore.readByIdempotencyKeyId(keyId)).length).toBeGreaterThan(0);
    // The body's key order is not part of the request.
    const reordered = Object.fromEntries(Object.entries(product('I-1')).reverse());
    expectReplayOf(await send('post', '/brand-products', idempotencyKey, reordered), first);
  });

  it('refuses the same key with another body, method or path with 422, writing nothing', async () => {
    const idempotencyKey = randomUUID();
    const first = await send('post', '/brand-products', idempotencyKey, product('I-2')).expect(201);
    const before = await eventCount();
    const reused = {
      code: 'IDEMPOTENCY_KEY_REUSED',
      statusCode: 422,
      message: 'This Idempotency-Key was already used for a different request',
    };
    const other = await send('post', '/brand-products', idempotencyKey, product('I-2', 'Other'));
    expect(errorOf(answered(other, 422))).toEqual(reused);
    const patch = await send('patch', `/brand-products/${idOf(first)}`, idempotencyKey, {
      title: 'x',
    });
    expect(errorOf(patch)).toEqual(reused);
    expect(errorOf(await send('delete', `/brand-products/${idOf(first)}`, idempotencyKey))).toEqual(
      reused,
    );
    expect(await eventCount()).toBe(before);
  });

  it('answers 409 with Retry-After while the first request is in flight, then its answer', async () => {
    const idempotencyKey = randomUUID();
    newGate();
    const firstRequest = send('post', '/brand-products', idempotencyKey, product('held-1')).then(
      (response) => response,
    );
    // Once the first request holds the key (claimed, waiting at the gate before its write):
    await eventually(async () => {
      const { rows } = await t.testDb.db.query(
        'SELECT 1 FROM api_idempotency_keys WHERE idempotency_key = $1',
        [idempotencyKey],
      );
      return rows.length === 1;
    });
    const inUse = await send('post', '/brand-products', idempotencyKey, product('held-1'));
    expect(errorOf(inUse)).toEqual({
      code: 'IDEMPOTENCY_KEY_IN_USE',
      statusCode: 409,
      message: 'A request with this Idempotency-Key is still in progress',
    });
    expect(Number(inUse.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    gate.open();
    const first = await firstRequest;
    expect(first.status).toBe(201);
    const before = await eventCount();
    expectReplayOf(await send('post', '/brand-products', idempotencyKey, product('held-1')), first);
    expect(await eventCount()).toBe(before);
  });

  it('keeps keys per API key: another key with the same Idempotency-Key runs normally', async () => {
    const idempotencyKey = randomUUID();
    await send('post', '/brand-products', idempotencyKey, product('I-3')).expect(201);
    const before = await eventCount();
    const other = await send('post', '/brand-products', idempotencyKey, product('I-4'), otherKey);
    expect(other.status).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventCount()).toBeGreaterThan(before);
  });

  it('replays a PATCH and a DELETE instead of applying them again', async () => {
    const created = await send('post', '/brand-products', undefined, product('I-5')).expect(201);
    const path = `/brand-products/${idOf(created)}`;
    const [patchKey, deleteKey] = [randomUUID(), randomUUID()];
    const patched = await send('patch', path, patchKey, { title: 'Once' }).expect(200);
    expect(patched.headers.etag).toBe('"1"');
    let before = await eventCount();
    expectReplayOf(await send('patch', path, patchKey, { title: 'Once' }), patched);
    expect(await eventCount()).toBe(before);
    const deleted = await send('delete', path, deleteKey).expect(200);
    before = await eventCount();
    // Without the key the retry would be 404: the product is gone.
    expectReplayOf(await send('delete', path, deleteKey), deleted);
    expect(await eventCount()).toBe(before);
    await send('delete', path, undefined).expect(404);
  });

  it('covers the community writes too: a retried member-group create is replayed', async () => {
    const groups = await t.brandWithKey(['member-groups:write'], 'Groups brand');
    const idempotencyKey = randomUUID();
    const create = () =>
      send('post', '/member-groups', idempotencyKey, { name: 'Regulars' }, groups.key);
    const first = await create();
    expect(first.status).toBe(201);
    const before = await eventCount();
    expectReplayOf(await create(), first);
    expect(await eventCount()).toBe(before);
    const { id } = (first.body as { data: { id: string } }).data;
    const [created] = await t.eventStore.readStream(`memberGroup-${id}`);
    expect(created?.metadata.idempotencyKeyId).toEqual(expect.any(String));
  });

  it('saves nothing for a request refused by validation: the corrected request with the key runs', async () => {
    const idempotencyKey = randomUUID();
    const invalid = await send('post', '/brand-products', idempotencyKey, {
      ...product('I-valid'),
      title: '',
    });
    expect(errorOf(answered(invalid, 400))).toMatchObject({ code: 'VALIDATION_FAILED' });
    const { rows } = await t.testDb.db.query(
      'SELECT 1 FROM api_idempotency_keys WHERE idempotency_key = $1',
      [idempotencyKey],
    );
    expect(rows).toEqual([]);
    const corrected = answered(
      await send('post', '/brand-products', idempotencyKey, product('I-valid')),
      201,
    );
    expectReplayOf(
      await send('post', '/brand-products', idempotencyKey, product('I-valid')),
      corrected,
    );

    // A path that fails validation (not a UUID) is refused before running too.
    const patchKey = randomUUID();
    const badPath = await send('patch', '/brand-products/not-an-id', patchKey, { title: 'New' });
    expect(badPath.status).toBe(400);
    answered(
      await send('patch', `/brand-products/${idOf(corrected)}`, patchKey, { title: 'New' }),
      200,
    );
  });

  it('saves nothing for a request refused by authentication', async () => {
    const idempotencyKey = randomUUID();
    const refused = await send(
      'post',
      '/brand-products',
      idempotencyKey,
      product('I-auth'),
      'bk_live_wrong',
    );
    expect(refused.status).toBe(401);
    answered(await send('post', '/brand-products', idempotencyKey, product('I-auth')), 201);
  });

  // Stripe saves the result of every request that began executing, errors included: a 409 for a
  // taken store id is the answer of that request, and a retry gets it again; a new attempt after
  // the store id was freed is a new request with a new key.
  it('replays a 4xx the request caused, even when the world has changed since', async () => {
    const taken = await send('post', '/brand-products', undefined, product('I-6')).expect(201);
    const idempotencyKey = randomUUID();
    const conflict = await send('post', '/brand-products', idempotencyKey, product('I-6'));
    expect(conflict.status).toBe(409);
    await send('delete', `/brand-products/${idOf(taken)}`, undefined).expect(200);
    const before = await eventCount();
    expectReplayOf(await send('post', '/brand-products', idempotencyKey, product('I-6')), conflict);
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['empty', '', 'must not be empty'],
    ['256 characters', 'k'.repeat(256), 'must be at most 255 characters'],
    ['not ASCII', 'clé-1', 'must be printable ASCII characters only'],
  ])('refuses an %s Idempotency-Key with 400 naming the header', async (_what, value, problem) => {
    const before = await eventCount();
    const response = await send('post', '/brand-products', value, product(`bad-${value.length}`));
    expect(errorOf(answered(response, 400))).toEqual({
      code: 'VALIDATION_FAILED',
      statusCode: 400,
      message: `The Idempotency-Key header is invalid: it ${problem}`,
      details: [{ location: 'header', field: 'Idempotency-Key', message: problem }],
    });
    expect(await eventCount()).toBe(before);
  });

  it('never applies a write twice when its answer was lost after the write (a 500)', async () => {
    const idempotencyKey = randomUUID();
    await send('post', '/brand-products', idempotencyKey, product('crash-1')).expect(500);
    const before = await eventCount();
    const retried = await send('post', '/brand-products', idempotencyKey, product('crash-1'));
    const lost = errorOf(answered(retried, 409));
    expect(lost).toMatchObject({ code: 'IDEMPOTENCY_ANSWER_LOST', statusCode: 409 });
    // It names the product written (not its internal store-id claim).
    const details = lost.details as { message: string }[];
    expect(details).toHaveLength(1);
    expect(details[0]?.message).toMatch(/^wrote product-[0-9a-f-]{36}$/);
    expect(await eventCount()).toBe(before);
    // From then on that is the answer of the key.
    const again = await send('post', '/brand-products', idempotencyKey, product('crash-1'));
    expectReplayOf(again, retried);
  });

  it('after a crash: a claim whose events are in the log is never run again; one without is', async () => {
    const keys = new IdempotencyKeys(t.testDb.db);
    /** What a process that died holding the key leaves: its claim, the lease run out. */
    const diedHolding = async (idempotencyKey: string, body: object) => {
      const claim = await keys.claim({
        apiKeyId,
        key: idempotencyKey,
        fingerprint: requestFingerprint('POST', '/api/v1/brand-products', '', body),
        requestId: 'died',
        now: new Date(Date.now() - 60_000),
        lockedUntil: new Date(Date.now() - 30_000),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      if (!claim.claimed) throw new Error('expected a fresh claim');
      return claim.id;
    };

    // Died after its write: no answer stored, but the log has events carrying the claim's id.
    const applied = randomUUID();
    const claimId = await diedHolding(applied, product('crash-2'));
    // Past the API and its read models: only the log's trace of the request matters here.
    await createPostgresEventStore(t.testDb.db).appendToStream(
      `product-${randomUUID()}`,
      [{ type: 'ProductCreated', data: {}, metadata: { idempotencyKeyId: claimId } }],
      { expectedVersion: 'no_stream' },
    );
    const before = await eventCount();
    const retried = await send('post', '/brand-products', applied, product('crash-2'));
    expect(errorOf(answered(retried, 409))).toMatchObject({ code: 'IDEMPOTENCY_ANSWER_LOST' });
    expect(await eventCount()).toBe(before);

    // Died before its write: the claim and no events. The retry takes the claim over and runs.
    const notApplied = randomUUID();
    await diedHolding(notApplied, product('I-7'));
    const ran = await send('post', '/brand-products', notApplied, product('I-7')).expect(201);
    expect(ran.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventCount()).toBeGreaterThan(before);
  });

  it('forgets a key after 24 hours: it may then be used for another request', async () => {
    const idempotencyKey = randomUUID();
    await send('post', '/brand-products', idempotencyKey, product('I-8')).expect(201);
    aheadMs = 24 * 3_600_000 + 1_000;
    try {
      const reused = await send('post', '/brand-products', idempotencyKey, product('I-9'));
      expect(reused.status).toBe(201);
      expect(reused.headers['idempotent-replayed']).toBeUndefined();
    } finally {
      aheadMs = 0;
    }
  });
});
