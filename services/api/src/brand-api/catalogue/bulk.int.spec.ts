import type { BrandProduct, BrandProductVariant } from '@brand-api/contracts';
import { overriding } from '@brand-api/event-store';
import { productBody } from '../../testing/product-body';
import { createTestApp, secondInstance } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

jest.setTimeout(120_000);

let t: TestApp;
const bearer = (k: string) => `Bearer ${k}`;

beforeAll(async () => {
  // The default limit (10 per minute) is what these tests check.
  t = await createTestApp();
});
afterAll(() => t.close());

const newBrand = async (name: string) =>
  (await t.brandWithKey(['brand_products:read', 'brand_products:write'], name)).key;
const bulkProducts = (key: string, body: object) =>
  t.http.post('/api/v1/brand-products/bulk').set('authorization', bearer(key)).send(body);
const bulkVariants = (key: string, body: object) =>
  t.http.post('/api/v1/brand-product-variants/bulk').set('authorization', bearer(key)).send(body);
/** The first 100 rows of a list (more than any test here makes). */
const listAll = async <T>(key: string, path: string) =>
  (
    (await t.http.get(`${path}?limit=100`).set('authorization', bearer(key)).expect(200)).body as {
      data: T[];
    }
  ).data;
const allProducts = (key: string) => listAll<BrandProduct>(key, '/api/v1/brand-products');
const allVariants = (key: string) =>
  listAll<BrandProductVariant>(key, '/api/v1/brand-product-variants');

describe('POST /brand-products/bulk', () => {
  it('creates, updates by storeId and deletes by storeId; repeating the call gives the same end state', async () => {
    const key = await newBrand('Sync');
    await bulkProducts(key, {
      upsertRecords: [productBody('A'), productBody('B'), productBody('C')],
    }).expect(200, {
      success: true,
      created: 3,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      notFound: 0,
    });
    const before = await allProducts(key);
    expect(before.map((p) => p.storeId).sort()).toEqual(['A', 'B', 'C']);
    const body = {
      upsertRecords: [productBody('A', 'A renamed'), productBody('D')],
      deleteRecords: ['B', 'nope'],
    };
    // The answer says what the call did, record by record.
    const counts = (created: number, updated: number, unchanged: number, deleted: number) => ({
      success: true,
      created,
      updated,
      unchanged,
      deleted,
      notFound: 2 - deleted,
    });
    await bulkProducts(key, body).expect(200, counts(1, 1, 0, 1));
    const once = await allProducts(key);
    await bulkProducts(key, body).expect(200, counts(0, 0, 2, 0));
    const twice = await allProducts(key);
    expect(twice).toEqual(once);
    expect(once.map((p) => [p.storeId, p.title]).sort()).toEqual([
      ['A', 'A renamed'],
      ['C', 'Product C'],
      ['D', 'Product D'],
    ]);
    // Updates keep the product's id.
    expect(once.find((p) => p.storeId === 'A')?.id).toBe(before.find((p) => p.storeId === 'A')?.id);
  });

  it('updates the products of store ids this process has never read, as it would its own', async () => {
    // Upserted store ids are taken as new unread; held ones another instance created make the
    // write conflict, and the call is decided again on what it reads.
    const key = await newBrand('Elsewhere');
    const other = secondInstance(t, { config: { adminTokenHash: undefined } }).http;
    await other
      .post('/api/v1/brand-products/bulk')
      .set('authorization', bearer(key))
      .send({ upsertRecords: [productBody('A'), productBody('B')] })
      .expect(200);
    const before = await allProducts(key);
    await bulkProducts(key, {
      upsertRecords: [productBody('A', 'A renamed'), productBody('B'), productBody('C')],
    }).expect(200, {
      success: true,
      created: 1,
      updated: 1,
      unchanged: 1,
      deleted: 0,
      notFound: 0,
    });
    const after = await allProducts(key);
    expect(after.map((p) => [p.storeId, p.title]).sort()).toEqual([
      ['A', 'A renamed'],
      ['B', 'Product B'],
      ['C', 'Product C'],
    ]);
    for (const storeId of ['A', 'B']) {
      expect(after.find((p) => p.storeId === storeId)?.id).toBe(
        before.find((p) => p.storeId === storeId)?.id,
      );
    }
  });

  it('reads nothing of the log for a body of new products', async () => {
    const key = await newBrand('New only');
    const read: string[] = [];
    const eventStore = overriding(t.eventStore, {
      readStreams: (names, options) => {
        read.push(...names);
        return t.eventStore.readStreams(names, options);
      },
    });
    const counted = secondInstance(t, { eventStore, config: { adminTokenHash: undefined } }).http;
    await counted
      .post('/api/v1/brand-products/bulk')
      .set('authorization', bearer(key))
      .send({ upsertRecords: [productBody('N1'), productBody('N2'), productBody('N3')] })
      .expect(200);
    expect(read).toEqual([]);
    // A body that deletes reads the claims it deletes.
    await counted
      .post('/api/v1/brand-products/bulk')
      .set('authorization', bearer(key))
      .send({ deleteRecords: ['N1'] })
      .expect(200);
    expect(read.length).toBeGreaterThan(0);
  });

  it('validates the whole body first: an invalid record answers 400 naming its index and writes nothing', async () => {
    const key = await newBrand('Invalid');
    const records = Array.from({ length: 5 }, (_, n) => productBody(`I-${n}`));
    const bad = { ...productBody('I-bad'), imageWidth: -1 };
    const response = await bulkProducts(key, { upsertRecords: [...records, bad] }).expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ field: '/upsertRecords/5/imageWidth' })],
    });
    const repeated = await bulkProducts(key, {
      upsertRecords: [...records, productBody('I-1')],
    }).expect(400);
    expect(repeated.body).toMatchObject({
      details: [expect.objectContaining({ field: '/upsertRecords/5/storeId' })],
    });
    const both = await bulkProducts(key, {
      upsertRecords: records,
      deleteRecords: ['x', 'I-2'],
    }).expect(400);
    expect(both.body).toMatchObject({
      details: [expect.objectContaining({ field: '/deleteRecords/1' })],
    });
    const tooMany = Array.from({ length: 101 }, (_, n) => productBody(`M-${n}`));
    await bulkProducts(key, { upsertRecords: tooMany })
      .expect(400)
      .expect((r) =>
        expect(r.body).toMatchObject({
          details: [expect.objectContaining({ field: '/upsertRecords' })],
        }),
      );
    await bulkProducts(key, {}).expect(400);
    expect(await allProducts(key)).toEqual([]);
  });

  it('clears the image of a product whose upsert record leaves the image fields out, as a create would', async () => {
    const key = await newBrand('Images');
    const withImage = {
      ...productBody('IMG'),
      imageUrl: 'https://cdn.example.com/a.jpg',
      imageWidth: 10,
      imageHeight: 20,
    };
    await bulkProducts(key, { upsertRecords: [withImage] }).expect(200);
    const { imageUrl: _u, imageWidth: _w, imageHeight: _h, ...noImage } = withImage;
    await bulkProducts(key, { upsertRecords: [noImage] })
      .expect(200)
      .expect((r) => expect(r.body).toMatchObject({ updated: 1 }));
    expect(await allProducts(key)).toEqual([
      expect.objectContaining({
        storeId: 'IMG',
        imageUrl: null,
        imageWidth: null,
        imageHeight: null,
      }),
    ]);
  });

  it('deletes products with their variants', async () => {
    const key = await newBrand('Cascade');
    await bulkProducts(key, { upsertRecords: [productBody('K1'), productBody('K2')] }).expect(200);
    await bulkVariants(key, {
      upsertRecords: [
        { storeId: 'K1-v1', productStoreId: 'K1', title: 'v', position: 1 },
        { storeId: 'K1-v2', productStoreId: 'K1', title: 'v', position: 2 },
        { storeId: 'K2-v1', productStoreId: 'K2', title: 'v', position: 1 },
      ],
    }).expect(200);
    await bulkProducts(key, { deleteRecords: ['K1'] }).expect(200);
    expect((await allVariants(key)).map((v) => v.storeId)).toEqual(['K2-v1']);
  });
});

describe('POST /brand-product-variants/bulk', () => {
  it('upserts and deletes variants; a record naming no product refuses the call and writes nothing', async () => {
    const key = await newBrand('Variants');
    await bulkProducts(key, { upsertRecords: [productBody('P1'), productBody('P2')] }).expect(200);
    const response = await bulkVariants(key, {
      upsertRecords: [
        { storeId: 'V1', productStoreId: 'P1', title: 'v1', position: 1 },
        { storeId: 'V2', productStoreId: 'P-missing', title: 'v2', position: 2 },
      ],
    }).expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ field: '/upsertRecords/1/productStoreId' })],
    });
    expect(await allVariants(key)).toEqual([]);

    const body = {
      upsertRecords: [
        { storeId: 'V1', productStoreId: 'P1', title: 'v1', position: 1, sku: 'S1' },
        { storeId: 'V2', productStoreId: 'P2', title: 'v2', position: 2 },
      ],
    };
    const answer = { success: true, updated: 0, deleted: 0, notFound: 0 };
    await bulkVariants(key, body).expect(200, { ...answer, created: 2, unchanged: 0 });
    await bulkVariants(key, body).expect(200, { ...answer, created: 0, unchanged: 2 });
    await bulkVariants(key, { deleteRecords: ['V2', 'V-none'] }).expect(200, {
      success: true,
      created: 0,
      updated: 0,
      unchanged: 0,
      deleted: 1,
      notFound: 1,
    });
    await bulkVariants(key, { upsertRecords: [body.upsertRecords[1]!] }).expect(200, {
      ...answer,
      created: 1,
      unchanged: 0,
    });
    // One bulk call gives its records one createdAt: the list orders them by id.
    const variants = (await allVariants(key)).sort((a, b) => a.storeId.localeCompare(b.storeId));
    expect(variants.map((v) => [v.storeId, v.productStoreId, v.sku])).toEqual([
      ['V1', 'P1', 'S1'],
      ['V2', 'P2', null],
    ]);
    // An upsert moves V2 to P1 and keeps what it does not mention; then delete V1 by store id.
    await bulkVariants(key, {
      upsertRecords: [{ storeId: 'V2', productStoreId: 'P1', title: 'v2', position: 3 }],
      deleteRecords: ['V1'],
    }).expect(200);
    expect(
      (await allVariants(key)).map((v) => [v.storeId, v.productStoreId, v.position, v.id]),
    ).toEqual([['V2', 'P1', 3, variants[1]?.id]]);
  });
});

describe('bulk rate limit', () => {
  it('refuses the 11th bulk call of a minute with 429 and the rate-limit headers; other calls are not counted', async () => {
    const key = await newBrand('Limited');
    for (let call = 1; call <= 10; call += 1) {
      const ok = await bulkProducts(key, { upsertRecords: [productBody(`R-${call}`)] }).expect(200);
      expect(ok.headers['ratelimit-policy']).toBe('"bulk";q=10;w=60');
      expect(ok.headers.ratelimit).toMatch(new RegExp(`^"bulk";r=${10 - call};t=\\d+$`));
      // Single calls and lists do not count.
      await t.http.get('/api/v1/brand-products').set('authorization', bearer(key)).expect(200);
    }
    const refused = await bulkProducts(key, { upsertRecords: [productBody('R-11')] }).expect(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-policy']).toBe('"bulk";q=10;w=60');
    expect(refused.headers.ratelimit).toMatch(/^"bulk";r=0;t=\d+$/);
    expect((await allProducts(key)).map((p) => p.storeId)).not.toContain('R-11');
    // Each bulk call has its own counter, and each brand its own.
    await bulkVariants(key, { deleteRecords: ['none'] }).expect(200);
    await bulkProducts(await newBrand('Unlimited'), { deleteRecords: ['none'] }).expect(200);
  });

  it('counts a call its records refuse, with the headers on the refusal', async () => {
    const key = await newBrand('Refused');
    const refused = await bulkVariants(key, {
      upsertRecords: [{ storeId: 'V1', productStoreId: 'P-missing', title: 'v1', position: 1 }],
    }).expect(400);
    expect(refused.headers.ratelimit).toMatch(/^"bulk";r=9;t=\d+$/);
    const next = await bulkVariants(key, { deleteRecords: ['none'] }).expect(200);
    expect(next.headers.ratelimit).toMatch(/^"bulk";r=8;t=\d+$/);
  });

  it('shares the counters between API instances through the database', async () => {
    const key = await newBrand('Shared');
    // Each app makes its own limiter: what they share is the counters' table.
    const other = secondInstance(t, { config: { adminTokenHash: undefined } }).http;
    for (let call = 0; call < 10; call += 1) {
      const agent = call % 2 === 0 ? t.http : other;
      await agent
        .post('/api/v1/brand-products/bulk')
        .set('authorization', bearer(key))
        .send({ deleteRecords: ['none'] })
        .expect(200);
    }
    await other
      .post('/api/v1/brand-products/bulk')
      .set('authorization', bearer(key))
      .send({ deleteRecords: ['none'] })
      .expect(429);
  });
});
