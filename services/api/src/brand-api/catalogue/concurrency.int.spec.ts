import type { BrandProduct } from '@brand-api/contracts';
import { hasPostgresServer } from '@brand-api/event-store/testing';
import { productBody } from '../../testing/product-body';
import { createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { createApiFeatures } from '../index';

jest.setTimeout(180_000);

let t: TestApp;
let key: string;
const bearer = (k: string) => `Bearer ${k}`;

beforeAll(async () => {
  t = await createTestApp({
    // Loading 1,000 products takes ten bulk calls plus the checks: lift the limit here.
    deps: { features: createApiFeatures({ bulkRateLimit: { requests: 100, windowSeconds: 60 } }) },
  });
  key = (await t.brandWithKey(['brand_products:read', 'brand_products:write'])).key;
});
afterAll(() => t.close());

/** Creates a product with this store id; answers its id. */
async function createdProductId(storeId: string): Promise<string> {
  const created = await t.http
    .post('/api/v1/brand-products')
    .set('authorization', bearer(key))
    .send(productBody(storeId))
    .expect(201);
  return (created.body as { data: BrandProduct }).data.id;
}

describe(`concurrent writers (${hasPostgresServer() ? 'Postgres server' : 'PGlite, one connection'})`, () => {
  it('lets exactly one of 50 concurrent POSTs with one storeId win; the others get 409 CONFLICT', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        t.http
          .post('/api/v1/brand-products')
          .set('authorization', bearer(key))
          .send({ ...productBody('RACE'), title: `Racer ${n}` }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(response.body).toMatchObject({ code: 'CONFLICT', statusCode: 409 });
    }
    const winner = responses.find((r) => r.status === 201)?.body as { data: BrandProduct };
    const listed = await t.http
      .get('/api/v1/brand-products?limit=100')
      .set('authorization', bearer(key));
    expect(
      (listed.body as { data: BrandProduct[] }).data.filter((p) => p.storeId === 'RACE'),
    ).toEqual([winner.data]);
  });

  it('lands 20 parallel PATCHes of one product: each answers 200, each is in the log', async () => {
    const id = await createdProductId('PATCHED');
    const titles = Array.from({ length: 20 }, (_, n) => `Title ${n}`);
    const responses = await Promise.all(
      titles.map((title) =>
        t.http
          .patch(`/api/v1/brand-products/${id}`)
          .set('authorization', bearer(key))
          .send({ title }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(titles.map(() => 200));
    const history = await t.eventStore.readStream(`product-${id}`);
    expect(history.map((event) => event.type)).toEqual([
      'ProductCreated',
      ...titles.map(() => 'ProductUpdated'),
    ]);
    const last = history.at(-1)!.data as { changes: { title: string } };
    const read = await t.http
      .get(`/api/v1/brand-products/${id}`)
      .set('authorization', bearer(key))
      .expect(200);
    expect((read.body as { data: BrandProduct }).data.title).toBe(last.changes.title);
  });

  it('lands PATCHes without If-Match under sustained contention: 40 writers for 8 s, every answer 200', async () => {
    const id = await createdProductId('CONTENDED');
    const statuses = new Map<number, number>();
    let slowestMs = 0;
    const until = Date.now() + Number(process.env.CONTENTION_SECONDS ?? 8) * 1000;
    await Promise.all(
      Array.from({ length: 40 }, async (_, writer) => {
        for (let n = 0; Date.now() < until; n += 1) {
          const started = Date.now();
          const response = await t.http
            .patch(`/api/v1/brand-products/${id}`)
            .set('authorization', bearer(key))
            .send({ title: `Writer ${writer} write ${n}` });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          slowestMs = Math.max(slowestMs, Date.now() - started);
        }
      }),
    );
    process.stdout.write(
      `sustained PATCH contention: ${JSON.stringify(Object.fromEntries(statuses))}, slowest ${slowestMs} ms\n`,
    );
    const answered = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    expect(Object.fromEntries(statuses)).toEqual({ 200: answered });
    const history = await t.eventStore.readStream(`product-${id}`);
    expect(history).toHaveLength(1 + answered);
  });

  it('walks 1,000 products with the cursor and returns each exactly once', async () => {
    const brand = (await t.brandWithKey(['brand_products:read', 'brand_products:write'], 'Walk'))
      .key;
    for (let batch = 0; batch < 10; batch += 1) {
      await t.http
        .post('/api/v1/brand-products/bulk')
        .set('authorization', bearer(brand))
        .send({
          upsertRecords: Array.from({ length: 100 }, (_, n) => productBody(`W-${batch * 100 + n}`)),
        })
        .expect(200);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `limit=37&cursor=${cursor}` : 'limit=37';
      const page = (
        await t.http
          .get(`/api/v1/brand-products?${query}`)
          .set('authorization', bearer(brand))
          .expect(200)
      ).body as { data: BrandProduct[]; hasMore: boolean; nextCursor: string | null };
      pages += 1;
      seen.push(...page.data.map((p) => p.storeId));
      expect(page.hasMore).toBe(page.nextCursor !== null);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(1000);
    expect(new Set(seen).size).toBe(1000);
    expect(pages).toBe(Math.ceil(1000 / 37));
  });
});
