import type { BrandProduct, BrandProductVariant } from '@brand-api/contracts';
import { brandApiClient } from '../../testing/brand-api-client';
import { productBody } from '../../testing/product-body';
import { createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

jest.setTimeout(60_000);

let t: TestApp;
let key: string;
let other: string;
const products: Record<string, BrandProduct> = {};

const api = (apiKey: string) =>
  brandApiClient(
    () => t,
    () => apiKey,
  );
const variant = (storeId: string, productStoreId: string, extra: object = {}) => ({
  storeId,
  productStoreId,
  title: `Variant ${storeId}`,
  position: 1,
  ...extra,
});
const post = (k: string, body: object) => api(k).post('/brand-product-variants', body);
const list = async (k: string, query: string) =>
  (await api(k).get(`/brand-product-variants?${query}`).expect(200)).body as {
    data: BrandProductVariant[];
    hasMore: boolean;
    nextCursor: string | null;
  };

beforeAll(async () => {
  t = await createTestApp();
  key = (await t.brandWithKey(['brand_products:read', 'brand_products:write'], 'Acme')).key;
  other = (await t.brandWithKey(['brand_products:read', 'brand_products:write'], 'Other')).key;
  for (const storeId of ['P-A', 'P-B']) {
    const response = await api(key)
      .post('/brand-products', productBody(storeId, storeId))
      .expect(201);
    products[storeId] = (response.body as { data: BrandProduct }).data;
  }
});
afterAll(() => t.close());

describe('POST /brand-product-variants', () => {
  it('resolves productStoreId to the parent, sets productId, and fills absent nullable fields with null', async () => {
    const response = await post(
      key,
      variant('V-1', 'P-A', { sku: 'SKU-1', priceCents: 1299, currency: 'EUR' }),
    ).expect(201);
    const data = (response.body as { data: BrandProductVariant }).data;
    expect(data).toEqual({
      id: expect.any(String) as unknown,
      storeId: 'V-1',
      productStoreId: 'P-A',
      productId: products['P-A']?.id,
      title: 'Variant V-1',
      position: 1,
      sku: 'SKU-1',
      barcode: null,
      priceCents: 1299,
      currency: 'EUR',
      imageUrl: null,
      imageWidth: null,
      imageHeight: null,
      createdAt: expect.any(String) as unknown,
      updatedAt: data.createdAt,
    });
    await api(key).get(`/brand-product-variants/${data.id}`).expect(200, { data });
  });

  it('answers 400 naming productStoreId when no product of the brand has it', async () => {
    for (const [k, productStoreId] of [
      [key, 'P-missing'],
      [other, 'P-A'],
    ] as const) {
      const response = await post(k, variant('V-orphan', productStoreId)).expect(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ field: '/productStoreId' })],
      });
    }
  });

  it('keeps variant store ids unique per brand, separately from product store ids', async () => {
    await post(key, variant('V-2', 'P-A')).expect(201);
    await post(key, variant('V-2', 'P-B'))
      .expect(409)
      .expect((r) => expect(r.body).toMatchObject({ code: 'CONFLICT' }));
    // A variant may share a store id with a product.
    await post(key, variant('P-A', 'P-A')).expect(201);
  });

  it('answers 400 for missing required fields and unknown fields', async () => {
    await post(key, { storeId: 'V-x', productStoreId: 'P-A', title: 'x' })
      .expect(400)
      .expect((r) =>
        expect(r.body).toMatchObject({
          details: [expect.objectContaining({ field: '/position' })],
        }),
      );
    await post(key, { ...variant('V-x', 'P-A'), productId: products['P-A']?.id })
      .expect(400)
      .expect((r) =>
        expect(r.body).toMatchObject({
          details: [expect.objectContaining({ field: '/productId' })],
        }),
      );
  });
});

describe('PATCH and DELETE /brand-product-variants/{id}', () => {
  let id: string;
  beforeAll(async () => {
    id = (
      (await post(key, variant('V-patch', 'P-A', { sku: 'S', barcode: 'B' })).expect(201)).body as {
        data: BrandProductVariant;
      }
    ).data.id;
  });
  const patch = (k: string, body: object, variantId = id) =>
    api(k).patch(`/brand-product-variants/${variantId}`, body);

  it('is partial: absent unchanged, null clears', async () => {
    const response = await patch(key, { sku: null, position: 4 }).expect(200);
    expect((response.body as { data: BrandProductVariant }).data).toMatchObject({
      sku: null,
      barcode: 'B',
      position: 4,
      productStoreId: 'P-A',
    });
  });

  it('moves the variant with a new productStoreId, and refuses an unknown one', async () => {
    const moved = await patch(key, { productStoreId: 'P-B' }).expect(200);
    expect((moved.body as { data: BrandProductVariant }).data).toMatchObject({
      productStoreId: 'P-B',
      productId: products['P-B']?.id,
    });
    expect((await list(key, `productStoreId=P-B`)).data.map((v) => v.id)).toContain(id);
    await patch(key, { productStoreId: 'P-none' })
      .expect(400)
      .expect((r) =>
        expect(r.body).toMatchObject({
          details: [expect.objectContaining({ field: '/productStoreId' })],
        }),
      );
  });

  it('refuses a storeId change and answers 404 to another brand', async () => {
    await patch(key, { storeId: 'V-new' })
      .expect(400)
      .expect((r) =>
        expect(r.body).toMatchObject({ details: [expect.objectContaining({ field: '/storeId' })] }),
      );
    await patch(other, { title: 'x' }).expect(404);
    await api(other).get(`/brand-product-variants/${id}`).expect(404);
    await api(other).delete(`/brand-product-variants/${id}`).expect(404);
  });

  it('deletes a variant, frees its store id, then answers 404', async () => {
    await api(key).delete(`/brand-product-variants/${id}`).expect(200, { success: true });
    await api(key).get(`/brand-product-variants/${id}`).expect(404);
    await api(key).delete(`/brand-product-variants/${id}`).expect(404);
    await patch(key, { title: 'x' }).expect(404);
    await post(key, variant('V-patch', 'P-A')).expect(201);
  });
});

describe('GET /brand-product-variants', () => {
  it('filters by productId or productStoreId, pages exactly, and never shows another brand’s variants', async () => {
    for (let n = 0; n < 5; n += 1)
      await post(key, variant(`V-list-${n}`, 'P-B', { position: n })).expect(201);
    const byStoreId = await list(key, 'productStoreId=P-B&limit=100');
    const byId = await list(key, `productId=${products['P-B']?.id}&limit=100`);
    expect(byId.data).toEqual(byStoreId.data);
    expect(byStoreId.data.every((v) => v.productStoreId === 'P-B')).toBe(true);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(
        key,
        `productStoreId=P-B&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      walked.push(...page.data.map((v) => v.id));
      expect(page.hasMore).toBe(page.nextCursor !== null);
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(byStoreId.data.map((v) => v.id));
    expect((await list(other, 'limit=100')).data).toEqual([]);
    expect((await list(other, `productId=${products['P-B']?.id}`)).data).toEqual([]);
    await api(key).get('/brand-product-variants?productId=nope').expect(400);
  });
});
