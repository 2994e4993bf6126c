import type { BrandProduct } from '@brand-api/contracts';
import { brandApiClient } from '../../testing/brand-api-client';
import { errorOf } from '../../testing/error-body';
import { createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { readWholeLog } from '@brand-api/event-store/testing';

// PGlite compiles its WebAssembly per test file.
jest.setTimeout(60_000);

let t: TestApp;
let writer: string;
let reader: string;
let other: string;

const product = (storeId: string, extra: Partial<BrandProduct> = {}) => ({
  storeId,
  title: `Product ${storeId}`,
  description: 'A light trail shoe.',
  imageUrl: 'https://cdn.example.com/p.jpg',
  imageWidth: 1200,
  imageHeight: 800,
  onlineStoreUrl: 'https://shop.example.com/p',
  ...extra,
});

const bearer = (key: string) => `Bearer ${key}`;
const api = (key: string) =>
  brandApiClient(
    () => t,
    () => key,
  );

beforeAll(async () => {
  t = await createTestApp();
  writer = (await t.brandWithKey(['brand_products:read', 'brand_products:write'], 'Acme')).key;
  reader = (await t.brandWithKey(['brand_products:read'], 'Reader')).key;
  other = (await t.brandWithKey(['brand_products:read', 'brand_products:write'], 'Other')).key;
});
afterAll(() => t.close());

function create(key: string, body: object) {
  return api(key).post('/brand-products', body);
}

describe('POST /brand-products', () => {
  it('creates a product and a GET right after sees it', async () => {
    const created = await create(writer, product('P-1')).expect(201);
    const data = (created.body as { data: BrandProduct }).data;
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      ...product('P-1'),
      createdAt: expect.any(String) as unknown,
      updatedAt: data.createdAt,
    });
    const fetched = await api(writer).get(`/brand-products/${data.id}`).expect(200);
    expect(fetched.body).toEqual({ data });
  });

  it('answers 409 CONFLICT for a store id the brand already uses, and another brand may use it', async () => {
    await create(writer, product('P-dup')).expect(201);
    const again = await create(writer, product('P-dup', { title: 'Other' })).expect(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', statusCode: 409 });
    await create(other, product('P-dup')).expect(201);
  });

  it('answers 400 naming a missing required field', async () => {
    const { onlineStoreUrl: _omit, ...withoutStoreUrl } = product('P-bad');
    const response = await create(writer, withoutStoreUrl).expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ field: '/onlineStoreUrl', message: 'is required' })],
    });
  });

  it('takes a product without image fields: each one left out is null', async () => {
    const {
      imageUrl: _url,
      imageWidth: _width,
      imageHeight: _height,
      ...withoutImage
    } = product('P-no-image');
    const created = await create(writer, withoutImage).expect(201);
    const data = (created.body as { data: BrandProduct }).data;
    expect(data).toMatchObject({ imageUrl: null, imageWidth: null, imageHeight: null });
    const fetched = await api(writer).get(`/brand-products/${data.id}`).expect(200);
    expect(fetched.body).toEqual({ data });
    const { imageUrl: _only, ...widthOnly } = product('P-width-only');
    const partly = await create(writer, widthOnly).expect(201);
    expect((partly.body as { data: BrandProduct }).data).toMatchObject({
      imageUrl: null,
      imageWidth: 1200,
      imageHeight: 800,
    });
  });

  it('answers 400 INVALID_JSON, 415 and the auth errors', async () => {
    await t.http
      .post('/api/v1/brand-products')
      .set('authorization', bearer(writer))
      .set('content-type', 'application/json')
      .send('{"storeId":')
      .expect(400)
      .expect((r) => expect(r.body).toMatchObject({ code: 'INVALID_JSON' }));
    await t.http
      .post('/api/v1/brand-products')
      .set('authorization', bearer(writer))
      .set('content-type', 'text/plain')
      .send('storeId')
      .expect(415);
    expect(
      errorOf(await t.http.post('/api/v1/brand-products').send(product('P-x')).expect(401)),
    ).toEqual({ message: 'Missing API key', code: 'UNAUTHORIZED', statusCode: 401 });
    await create('bk_live_0000000000000000000000000000000000000000', product('P-x'))
      .expect(401)
      .expect((r) => expect(r.body).toMatchObject({ code: 'INVALID_API_KEY' }));
    await create(reader, product('P-x'))
      .expect(403)
      .expect((r) => expect(r.body).toMatchObject({ code: 'FORBIDDEN' }));
  });
});

describe('PATCH /brand-products/{id}', () => {
  let id: string;
  beforeAll(async () => {
    id = ((await create(writer, product('P-patch')).expect(201)).body as { data: BrandProduct })
      .data.id;
  });
  const patch = (key: string, productId: string, body: object) =>
    api(key).patch(`/brand-products/${productId}`, body);

  it('changes only the fields given; null clears a nullable field', async () => {
    const response = await patch(writer, id, { title: 'Renamed', imageUrl: null }).expect(200);
    const data = (response.body as { data: BrandProduct }).data;
    expect(data).toMatchObject({
      ...product('P-patch'),
      title: 'Renamed',
      imageUrl: null,
      imageWidth: 1200,
    });
    expect(data.updatedAt >= data.createdAt).toBe(true);
    const fetched = await api(writer).get(`/brand-products/${id}`);
    expect(fetched.body).toEqual({ data });
  });

  it('refuses to change the store id (400 naming it) or null a required field', async () => {
    await patch(writer, id, { storeId: 'P-new' })
      .expect(400)
      .expect((r) =>
        expect(r.body).toMatchObject({ details: [expect.objectContaining({ field: '/storeId' })] }),
      );
    await patch(writer, id, { title: null })
      .expect(400)
      .expect((r) =>
        expect(r.body).toMatchObject({ details: [expect.objectContaining({ field: '/title' })] }),
      );
  });

  it('answers 404 for an unknown id and for another brand’s product, 400 for a malformed id', async () => {
    await patch(writer, '00000000-0000-4000-8000-000000000000', { title: 'x' }).expect(404);
    expect(errorOf(await patch(other, id, { title: 'stolen' }).expect(404))).toEqual({
      message: 'Resource not found',
      code: 'NOT_FOUND',
      statusCode: 404,
    });
    await patch(writer, 'not-a-uuid', { title: 'x' }).expect(400);
  });
});

describe('GET and DELETE /brand-products/{id}', () => {
  it('isolates brands: another brand’s key gets 404 and never sees the product in lists', async () => {
    const id = (
      (await create(writer, product('P-secret')).expect(201)).body as { data: BrandProduct }
    ).data.id;
    await api(other).get(`/brand-products/${id}`).expect(404);
    await api(other).delete(`/brand-products/${id}`).expect(404);
    const list = await api(other).get('/brand-products?limit=100').expect(200);
    const ids = (list.body as { data: BrandProduct[] }).data.map((p) => p.id);
    expect(ids).not.toContain(id);
    await api(writer).get(`/brand-products/${id}`).expect(200);
  });

  it('deletes a product with its variants, frees its store id, and a second delete is 404', async () => {
    const id = ((await create(writer, product('P-del')).expect(201)).body as { data: BrandProduct })
      .data.id;
    for (const storeId of ['V-del-1', 'V-del-2']) {
      await api(writer)
        .post('/brand-product-variants', {
          storeId,
          productStoreId: 'P-del',
          title: storeId,
          position: 1,
        })
        .expect(201);
    }
    await api(writer).delete(`/brand-products/${id}`).expect(200, { success: true });
    await api(writer).get(`/brand-products/${id}`).expect(404);
    const variants = await api(writer).get(`/brand-product-variants?productId=${id}`).expect(200);
    expect(variants.body).toEqual({ hasMore: false, data: [], nextCursor: null });
    const deletions = (await readWholeLog(t.eventStore)).filter(
      (event) => event.type === 'VariantDeleted',
    );
    expect(deletions.map((event) => (event.data as { reason: string }).reason)).toEqual([
      'productDeleted',
      'productDeleted',
    ]);
    await api(writer).delete(`/brand-products/${id}`).expect(404);
    // The store ids are free again, for the product and for its variants.
    await create(writer, product('P-del')).expect(201);
    await api(writer)
      .post('/brand-product-variants', {
        storeId: 'V-del-1',
        productStoreId: 'P-del',
        title: 'again',
        position: 1,
      })
      .expect(201);
  });

  it('answers 403 to a read-only key deleting', async () => {
    await api(reader).delete('/brand-products/00000000-0000-4000-8000-000000000000').expect(403);
  });
});

describe('GET /brand-products', () => {
  it('pages with limit and cursor, filters by updatedAfter, refuses bad limits and cursors', async () => {
    const brand = (await t.brandWithKey(['brand_products:read', 'brand_products:write'], 'Lists'))
      .key;
    const ids: string[] = [];
    for (let n = 0; n < 12; n += 1) {
      ids.push(
        ((await create(brand, product(`L-${n}`)).expect(201)).body as { data: BrandProduct }).data
          .id,
      );
    }
    const first = await api(brand).get('/brand-products').expect(200);
    const page1 = first.body as { data: BrandProduct[]; hasMore: boolean; nextCursor: string };
    expect(page1.data.map((p) => p.id)).toEqual(ids.slice(0, 10));
    expect(page1.hasMore).toBe(true);
    const second = await api(brand).get(`/brand-products?cursor=${page1.nextCursor}`).expect(200);
    expect(second.body).toEqual({
      hasMore: false,
      nextCursor: null,
      data: expect.arrayContaining([]) as unknown,
    });
    expect((second.body as { data: BrandProduct[] }).data.map((p) => p.id)).toEqual(ids.slice(10));

    const marker = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await api(brand).patch(`/brand-products/${ids[3]}`, { title: 'changed' }).expect(200);
    const changed = await api(brand)
      .get(`/brand-products?updatedAfter=${encodeURIComponent(marker)}`)
      .expect(200);
    expect((changed.body as { data: BrandProduct[] }).data.map((p) => p.id)).toEqual([ids[3]]);

    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'cursor=bm9wZQ',
      'updatedAfter=yesterday',
    ]) {
      await api(brand)
        .get(`/brand-products?${query}`)
        .expect(400)
        .expect((r) => expect(r.body).toMatchObject({ code: 'VALIDATION_FAILED' }));
    }
  });
});
