/**
 * A poison event is contained, visible and recoverable (issue 12): a projection that keeps
 * failing on one event parks it and carries on with the rest of the log, so every other
 * brand's writes stay read-after-write; the write whose event was parked answers 503
 * WRITE_NOT_APPLIED; /readyz and the operator API show it; an operator retries it after a fix
 * or skips it; a rebuild passes over it instead of failing, and verify reports it.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { operatorApiAgent } from '../../testing/operator-api-agent';
import { createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { appendUnprojectableProduct } from '../../testing/poison';
import { productBody } from '../../testing/product-body';

jest.setTimeout(120_000);

let t: TestApp;
const logLines: Record<string, unknown>[] = [];
let brandA: { brandId: string; key: string };
let brandB: { brandId: string; key: string };

const catalogueScopes = ['brand_products:read', 'brand_products:write'];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  // Events are parked by a runner: the read models applied after the write, as on EventStoreDB
  // or a single-stream log (inline, a write its read model cannot apply is refused instead).
  t = await createTestApp({ readModels: 'async', deps: { logger: pino({ level: 'info' }, sink) } });
  brandA = await t.brandWithKey(catalogueScopes, 'Brand A');
  brandB = await t.brandWithKey(catalogueScopes, 'Brand B');
});
afterAll(() => t.close());

/** Retries an assertion until it passes or the time is up. */
async function eventually(assertion: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const as = (brand: { key: string }) => `Bearer ${brand.key}`;
const admin = operatorApiAgent(() => t);

const appendPoison = (brandId: string) => appendUnprojectableProduct(t.eventStore, brandId);

async function createAndRead(brand: { key: string }, storeId: string) {
  const created = await t.http
    .post('/api/v1/brand-products')
    .set('authorization', as(brand))
    .send(productBody(storeId))
    .expect(201);
  const id = (created.body as { data: { id: string } }).data.id;
  // Read-after-write: visible the moment the create answers.
  await t.http.get(`/api/v1/brand-products/${id}`).set('authorization', as(brand)).expect(200);
  return id;
}

const parkedList = async (query = '') =>
  (await admin.get(`/projections/parked${query}`).expect(200)).body as {
    data: {
      position: number;
      projection: string;
      status: string;
      error: string;
      streamName: string;
    }[];
  };

describe('a poison event in the log', () => {
  let poisonPosition: number;

  it('is parked, and other brands keep writing and reading their writes', async () => {
    poisonPosition = await appendPoison(brandA.brandId);
    await createAndRead(brandB, 'b-after-poison');
    await createAndRead(brandA, 'a-after-poison');
    const { data } = await parkedList('?status=parked');
    expect(data).toEqual([
      expect.objectContaining({
        projection: 'catalogue',
        position: poisonPosition,
        status: 'parked',
        eventType: 'ProductCreated',
        attempts: 3,
        error: expect.stringContaining('out of range') as unknown,
      }),
    ]);
    const checkpoints = await t.runner.checkpoints();
    expect(checkpoints.find((c) => c.name === 'catalogue')).toMatchObject({
      status: 'running',
      parked: 1,
    });
    expect(logLines).toContainEqual(
      expect.objectContaining({ msg: expect.stringContaining('parked') as unknown }),
    );
  });

  it('shows on /readyz, which stays ready, and in the projection status', async () => {
    const ready = await t.http.get('/readyz').expect(200);
    expect(ready.body).toMatchObject({ status: 'ready', parkedEvents: { catalogue: 1 } });
    const status = await admin.get('/projections');
    const { data } = status.body as { data: { name: string; parked: number }[] };
    expect(data.find((row) => row.name === 'catalogue')?.parked).toBe(1);
  });

  it('is skipped by an operator: acknowledged, still unapplied, no longer open', async () => {
    const skipped = await admin.post(`/projections/parked/${poisonPosition}/skip`).expect(200);
    expect(skipped.body).toEqual({
      data: [{ projection: 'catalogue', position: poisonPosition, outcome: 'skipped' }],
    });
    expect((await parkedList('?status=parked')).data).toEqual([]);
    expect((await parkedList('?status=skipped')).data).toHaveLength(1);
    expect((await t.http.get('/readyz').expect(200)).body).toMatchObject({ parkedEvents: {} });
    await admin.post(`/projections/parked/${poisonPosition}/skip`).expect(404);
  });
});

describe('a write whose own event is parked', () => {
  const constraint = 'test_refuses_poison_titles';

  beforeAll(async () => {
    // A rule the read table holds and the contract does not: the projection fails on the event.
    await t.testDb.db.query(
      `ALTER TABLE brand_products ADD CONSTRAINT ${constraint} CHECK (title <> 'Poison')`,
    );
  });

  let position: number;
  let requestId: string;
  let productId: string;

  it('answers 503 WRITE_NOT_APPLIED with its request id, logs it, and nobody else waits', async () => {
    const answer = await t.http
      .post('/api/v1/brand-products')
      .set('authorization', as(brandA))
      .send(productBody('a-poison', 'Poison'));
    expect(answer.status).toBe(503);
    requestId = answer.headers['x-request-id'] as string;
    expect(answer.body).toEqual({
      message: expect.stringContaining('recorded') as unknown,
      code: 'WRITE_NOT_APPLIED',
      statusCode: 503,
      requestId,
    });
    expect(logLines).toContainEqual(
      expect.objectContaining({
        requestId,
        msg: expect.stringContaining('write not applied') as unknown,
      }),
    );
    await createAndRead(brandB, 'b-beside-poison');
    const { data } = await parkedList('?status=parked');
    expect(data).toHaveLength(1);
    position = data[0]!.position;
    productId = data[0]!.streamName.replace('product-', '');
  });

  it('is applied by a retry after the fix, with the later events of its stream', async () => {
    // Renamed while parked: the update is applied live to a row that is not there yet.
    await t.http
      .patch(`/api/v1/brand-products/${productId}`)
      .set('authorization', as(brandA))
      .send({ title: 'Poison, renamed' })
      .expect(200);
    await t.http
      .get(`/api/v1/brand-products/${productId}`)
      .set('authorization', as(brandA))
      .expect(404);

    const stillFailing = await admin.post(`/projections/parked/${position}/retry`).expect(200);
    expect(stillFailing.body).toEqual({
      data: [
        expect.objectContaining({
          outcome: 'failed',
          error: expect.stringContaining(constraint) as unknown,
        }),
      ],
    });

    await t.testDb.db.query(`ALTER TABLE brand_products DROP CONSTRAINT ${constraint}`);
    const retried = await admin.post(`/projections/parked/${position}/retry`).expect(200);
    expect(retried.body).toEqual({
      data: [{ projection: 'catalogue', position, outcome: 'retried' }],
    });
    await eventually(async () => {
      const read = await t.http
        .get(`/api/v1/brand-products/${productId}`)
        .set('authorization', as(brandA))
        .expect(200);
      expect(read.body).toMatchObject({ data: { title: 'Poison, renamed' } });
    });
    expect((await parkedList('?status=retried')).data).toEqual([
      expect.objectContaining({ position, status: 'retried' }),
    ]);
    expect((await t.runner.checkpoints()).find((c) => c.name === 'catalogue')?.parked).toBe(0);
  });
});

describe('rebuild and verify with a poison event in the log', () => {
  let position: number;

  beforeAll(async () => {
    position = await appendPoison(brandB.brandId);
    await createAndRead(brandB, 'b-before-verify');
  });

  async function job(purpose: 'rebuild' | 'verify') {
    await admin.post(`/projections/catalogue/${purpose}`).expect(202);
    let last: { state: string; result: unknown; error: string | null } | undefined;
    await eventually(async () => {
      const response = await admin.get('/projections/catalogue/job').expect(200);
      last = (response.body as { data: (typeof last)[] }).data[0];
      expect(['done', 'failed']).toContain(last?.state);
    }, 60_000);
    return last!;
  }

  it('verify reports the parked event as left behind (drift)', async () => {
    const verified = await job('verify');
    expect(verified.state).toBe('done');
    expect(verified.result).toMatchObject({
      drift: true,
      parking: {
        parked: [expect.objectContaining({ prepare: position })],
        applicableNow: [],
        refusedNow: [],
      },
    });
  });

  it('a rebuild passes over it instead of failing, and it stays parked', async () => {
    const rebuilt = await job('rebuild');
    expect(rebuilt).toMatchObject({ state: 'done', error: null });
    expect((await parkedList('?status=parked')).data).toEqual([
      expect.objectContaining({ position, status: 'parked' }),
    ]);
    await createAndRead(brandB, 'b-after-rebuild');
  });
});
