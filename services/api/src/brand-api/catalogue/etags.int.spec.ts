import type { BrandProduct, BrandProductVariant } from '@brand-api/contracts';
import { hasPostgresServer } from '@brand-api/event-store/testing';
import { brandApiClient } from '../../testing/brand-api-client';
import { errorOf } from '../../testing/error-body';
import { productBody } from '../../testing/product-body';
import { createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

jest.setTimeout(180_000);

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  key = (await t.brandWithKey(['brand_products:read', 'brand_products:write'])).key;
});
afterAll(() => t.close());

const api = brandApiClient(
  () => t,
  () => key,
);

async function created(storeId: string): Promise<{ id: string; etag: string }> {
  const response = await api.post('/brand-products', productBody(storeId)).expect(201);
  return {
    id: (response.body as { data: BrandProduct }).data.id,
    etag: response.headers.etag as string,
  };
}

const eventsOf = async (id: string) => (await t.eventStore.readStream(`product-${id}`)).length;

const preconditionFailed = {
  code: 'PRECONDITION_FAILED',
  statusCode: 412,
  message: 'The resource has changed since the version named in If-Match',
};

describe(`ETags and preconditions of products and variants (${hasPostgresServer() ? 'Postgres server' : 'PGlite'})`, () => {
  it('answers the version as a strong ETag on POST, GET and PATCH, and moves it with each write', async () => {
    const { id, etag } = await created('E-1');
    expect(etag).toBe('"0"');
    const read = await api.get(`/brand-products/${id}`).expect(200);
    expect(read.headers.etag).toBe('"0"');
    const patched = await api.patch(`/brand-products/${id}`, { title: 'New' }).expect(200);
    expect(patched.headers.etag).toBe('"1"');
    // The GET right after the write shows the write and its version (read-after-write).
    const again = await api.get(`/brand-products/${id}`).expect(200);
    expect(again.headers.etag).toBe('"1"');
    expect((again.body as { data: BrandProduct }).data.title).toBe('New');
  });

  it('answers 304 with no body to If-None-Match naming the current ETag, 200 otherwise', async () => {
    const { id, etag } = await created('E-2');
    const notModified = await api.get(`/brand-products/${id}`).set('if-none-match', etag);
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    await api.get(`/brand-products/${id}`).set('if-none-match', `"7", W/${etag}`).expect(304);
    await api.get(`/brand-products/${id}`).set('if-none-match', '*').expect(304);
    await t.http
      .head(`/api/v1/brand-products/${id}`)
      .set('authorization', `Bearer ${key}`)
      .set('if-none-match', etag)
      .expect(304);
    await api.patch(`/brand-products/${id}`, { title: 'Changed' }).expect(200);
    const modified = await api.get(`/brand-products/${id}`).set('if-none-match', etag).expect(200);
    expect((modified.body as { data: BrandProduct }).data.title).toBe('Changed');
  });

  it('refuses a PATCH or DELETE with a stale If-Match with 412 and appends nothing', async () => {
    const { id, etag } = await created('E-3');
    await api.patch(`/brand-products/${id}`, { title: 'First' }).expect(200);
    const before = await eventsOf(id);
    const stale = await api
      .patch(`/brand-products/${id}`, { title: 'Lost update' })
      .set('if-match', etag)
      .expect(412);
    expect(errorOf(stale)).toEqual(preconditionFailed);
    expect(errorOf(await api.delete(`/brand-products/${id}`).set('if-match', etag))).toEqual(
      preconditionFailed,
    );
    // A weak tag never matches: If-Match compares strongly.
    await api.delete(`/brand-products/${id}`).set('if-match', 'W/"1"').expect(412);
    expect(await eventsOf(id)).toBe(before);
    const read = await api.get(`/brand-products/${id}`).expect(200);
    expect((read.body as { data: BrandProduct }).data.title).toBe('First');
  });

  it('applies a PATCH or DELETE whose If-Match names the current version (or *)', async () => {
    const { id } = await created('E-4');
    const current = (await api.get(`/brand-products/${id}`)).headers.etag as string;
    const patched = await api
      .patch(`/brand-products/${id}`, { title: 'Checked' })
      .set('if-match', `"41", ${current}`)
      .expect(200);
    expect(patched.headers.etag).toBe('"1"');
    await api.patch(`/brand-products/${id}`, { title: 'Any' }).set('if-match', '*').expect(200);
    await api.delete(`/brand-products/${id}`).set('if-match', '"2"').expect(200);
    await api.get(`/brand-products/${id}`).expect(404);
  });

  it('answers 404, not 412, for an unknown id whatever the If-Match', async () => {
    const unknown = '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b';
    await api
      .patch(`/brand-products/${unknown}`, { title: 'x' })
      .set('if-match', '"0"')
      .expect(404);
    await api.delete(`/brand-products/${unknown}`).set('if-match', '*').expect(404);
  });

  it('refuses a malformed If-Match with 400 naming the header', async () => {
    const { id } = await created('E-5');
    for (const value of ['0', '"0', 'W/0', '"0" "1"', '']) {
      const response = await api
        .patch(`/brand-products/${id}`, { title: 'x' })
        .set('if-match', value)
        .expect(400);
      expect(errorOf(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ location: 'header', field: 'If-Match' }],
      });
    }
    expect(await eventsOf(id)).toBe(1);
  });

  it('lets exactly one of 20 parallel PATCHes with the same current If-Match win; the rest get 412', async () => {
    const { id, etag } = await created('E-RACE');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        api.patch(`/brand-products/${id}`, { title: `Racer ${n}` }).set('if-match', etag),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(19);
    const winner = responses.find((response) => response.status === 200)!;
    expect(winner.headers.etag).toBe('"1"');
    const history = await t.eventStore.readStream(`product-${id}`);
    expect(history.map((event) => event.type)).toEqual(['ProductCreated', 'ProductUpdated']);
    const read = await api.get(`/brand-products/${id}`).expect(200);
    expect(read.body).toEqual(winner.body);
  });

  it('versions variants the same way', async () => {
    await created('E-PARENT');
    const variant = await api
      .post('/brand-product-variants', {
        storeId: 'EV-1',
        productStoreId: 'E-PARENT',
        title: 'Variant',
        barcode: null,
        sku: null,
        position: 1,
        priceCents: 100,
        currency: 'EUR',
        imageUrl: null,
        imageWidth: null,
        imageHeight: null,
      })
      .expect(201);
    const { id } = (variant.body as { data: BrandProductVariant }).data;
    expect(variant.headers.etag).toBe('"0"');
    await api.get(`/brand-product-variants/${id}`).set('if-none-match', '"0"').expect(304);
    const patched = await api
      .patch(`/brand-product-variants/${id}`, { title: 'Renamed' })
      .set('if-match', '"0"')
      .expect(200);
    expect(patched.headers.etag).toBe('"1"');
    await api.delete(`/brand-product-variants/${id}`).set('if-match', '"0"').expect(412);
    await api.delete(`/brand-product-variants/${id}`).set('if-match', '"1"').expect(200);
  });
});
