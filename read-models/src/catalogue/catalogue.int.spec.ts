import type { DomainEvent, DomainEventType } from '@brand-api/contracts';
import type { RecordedEvent } from '@brand-api/event-store';
import type { EventDataByType } from '@brand-api/event-store/testing';
import { projectionSpec, useMigratedTestDatabase } from '@brand-api/event-store/testing';
import { InvalidCatalogueCursorError } from './cursor';
import { catalogueMigrations } from './migrations';
import { catalogueProjection } from './projection';
import {
  getProduct,
  getVariant,
  listProducts,
  listVariants,
  variantIdsOfProducts,
} from './queries';

const db = useMigratedTestDatabase(catalogueMigrations);

const brandA = '00000000-0000-4000-8000-00000000000a';
const brandB = '00000000-0000-4000-8000-00000000000b';
const uuid = (prefix: number, n: number) =>
  `${String(prefix).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

const spec = projectionSpec<DomainEvent>(catalogueProjection, db);

function recorded<T extends DomainEventType>(
  type: T,
  data: EventDataByType<DomainEvent>[T],
  brandId = brandA,
  streamVersion = 0,
) {
  return spec.recorded(type, data, { metadata: { brandId }, streamVersion });
}

const given = (...events: RecordedEvent[]) => spec.given(...events);

const productData = (n: number, createdAt: string) => ({
  productId: uuid(1, n),
  storeId: `P-${n}`,
  title: `Product ${n}`,
  description: 'A product.',
  imageUrl: 'https://cdn.example.com/p.jpg',
  imageWidth: 100,
  imageHeight: 50,
  onlineStoreUrl: 'https://shop.example.com/p',
  createdAt,
});

const variantData = (n: number, productN: number, createdAt: string) => ({
  variantId: uuid(2, n),
  productId: uuid(1, productN),
  storeId: `V-${n}`,
  productStoreId: `P-${productN}`,
  title: `Variant ${n}`,
  barcode: null,
  sku: `SKU-${n}`,
  position: n,
  priceCents: 1000,
  currency: 'EUR',
  imageUrl: null,
  imageWidth: null,
  imageHeight: null,
  createdAt,
});

describe('catalogue projection', () => {
  const t0 = '2025-03-01T10:00:00.000Z';
  const t1 = '2025-03-02T10:00:00.000Z';

  it('builds a product, applies a partial update with null clearing, and replays harmlessly', async () => {
    const created = recorded('ProductCreated', productData(1, t0));
    const updated = recorded(
      'ProductUpdated',
      {
        productId: uuid(1, 1),
        changes: { title: 'Renamed', imageUrl: null, imageWidth: null },
        updatedAt: t1,
      },
      brandA,
      1,
    );
    await given(created, updated);
    await given(created, updated);
    expect((await getProduct(db(), brandA, uuid(1, 1)))?.data).toEqual({
      id: uuid(1, 1),
      storeId: 'P-1',
      title: 'Renamed',
      description: 'A product.',
      imageUrl: null,
      imageWidth: null,
      imageHeight: 50,
      onlineStoreUrl: 'https://shop.example.com/p',
      createdAt: t0,
      updatedAt: t1,
    });
    // The version of the product's stream: its last event's, the API's ETag.
    expect((await getProduct(db(), brandA, uuid(1, 1)))?.version).toBe(1);
    expect(await getProduct(db(), brandB, uuid(1, 1))).toBeUndefined();
  });

  it('moves a variant to another product and deletes variants with their product', async () => {
    await given(
      recorded('ProductCreated', productData(2, t0)),
      recorded('VariantCreated', variantData(1, 1, t0)),
      recorded('VariantCreated', variantData(2, 1, t0)),
      recorded(
        'VariantUpdated',
        {
          variantId: uuid(2, 2),
          changes: { productId: uuid(1, 2), productStoreId: 'P-2', sku: null },
          updatedAt: t1,
        },
        brandA,
        1,
      ),
    );
    expect((await getVariant(db(), brandA, uuid(2, 1)))?.version).toBe(0);
    expect((await getVariant(db(), brandA, uuid(2, 2)))?.version).toBe(1);
    expect((await getVariant(db(), brandA, uuid(2, 2)))?.data).toMatchObject({
      productId: uuid(1, 2),
      productStoreId: 'P-2',
      sku: null,
      priceCents: 1000,
      updatedAt: t1,
    });
    expect(await variantIdsOfProducts(db(), [uuid(1, 1)])).toEqual([uuid(2, 1)]);
    await given(
      recorded('VariantDeleted', {
        variantId: uuid(2, 1),
        productId: uuid(1, 1),
        storeId: 'V-1',
        reason: 'productDeleted',
      }),
      recorded('ProductDeleted', { productId: uuid(1, 1), storeId: 'P-1' }),
    );
    expect(await getProduct(db(), brandA, uuid(1, 1))).toBeUndefined();
    expect(await getVariant(db(), brandA, uuid(2, 1))).toBeUndefined();
    expect(await getVariant(db(), brandA, uuid(2, 2))).toBeDefined();
  });

  it('is given the catalogue events only', () => {
    expect(catalogueProjection.handles).not.toContain('BrandCreated');
  });
});

describe('catalogue lists', () => {
  const brandC = '00000000-0000-4000-8000-00000000000c';
  beforeAll(async () => {
    // 23 products, created in pairs sharing a timestamp so the id breaks ties; another brand's too.
    const events: RecordedEvent[] = [];
    for (let n = 100; n < 123; n += 1) {
      const at = new Date(Date.UTC(2025, 4, 1, 0, Math.floor(n / 2))).toISOString();
      events.push(recorded('ProductCreated', productData(n, at), brandC));
    }
    events.push(recorded('ProductCreated', productData(200, '2025-05-01T00:00:00.000Z'), brandB));
    for (let n = 100; n < 106; n += 1) {
      events.push(
        recorded(
          'VariantCreated',
          variantData(n, n < 103 ? 100 : 101, '2025-05-02T00:00:00.000Z'),
          brandC,
        ),
      );
    }
    events.push(
      recorded('ProductUpdated', {
        productId: uuid(1, 105),
        changes: { title: 'x' },
        updatedAt: '2025-06-01T00:00:00.000Z',
      }),
      recorded('ProductUpdated', {
        productId: uuid(1, 101),
        changes: { title: 'y' },
        updatedAt: '2025-06-02T00:00:00.000Z',
      }),
    );
    await given(...events);
  });

  async function walk(
    list: (
      cursor: string | undefined,
    ) => Promise<{ data: { id: string }[]; hasMore: boolean; nextCursor: string | null }>,
  ) {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 1; ; pages += 1) {
      const page = await list(cursor);
      seen.push(...page.data.map((row) => row.id));
      if (!page.hasMore) {
        expect(page.nextCursor).toBeNull();
        return { seen, pages };
      }
      expect(page.data.length).toBeGreaterThan(0);
      cursor = page.nextCursor ?? undefined;
    }
  }

  it('walks every product of the brand once, in creation order, with an exact hasMore', async () => {
    const { seen, pages } = await walk((cursor) =>
      listProducts(db(), brandC, { limit: 5, cursor }),
    );
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => uuid(1, 100 + i)));
    expect(pages).toBe(5);
    const exact = await listProducts(db(), brandC, { limit: 23 });
    expect(exact).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('lists only what changed after updatedAfter, in update order', async () => {
    const { seen } = await walk((cursor) =>
      listProducts(db(), brandC, { limit: 1, cursor, updatedAfter: '2025-05-15T00:00:00Z' }),
    );
    expect(seen).toEqual([uuid(1, 105), uuid(1, 101)]);
  });

  it('filters variants by productId and by productStoreId', async () => {
    const byId = await listVariants(db(), brandC, { limit: 10, productId: uuid(1, 100) });
    expect(byId.data.map((v) => v.storeId)).toEqual(['V-100', 'V-101', 'V-102']);
    const { seen } = await walk((cursor) =>
      listVariants(db(), brandC, { limit: 2, cursor, productStoreId: 'P-101' }),
    );
    expect(seen).toEqual([uuid(2, 103), uuid(2, 104), uuid(2, 105)]);
    expect((await listVariants(db(), brandB, { limit: 10, productStoreId: 'P-101' })).data).toEqual(
      [],
    );
    expect(
      (
        await listVariants(db(), brandC, {
          limit: 10,
          productId: uuid(1, 100),
          productStoreId: 'P-101',
        })
      ).data,
    ).toEqual([]);
  });

  it('refuses a cursor it did not make, or one from a differently sorted walk', async () => {
    await expect(listProducts(db(), brandC, { limit: 5, cursor: 'bm9wZQ' })).rejects.toBeInstanceOf(
      InvalidCatalogueCursorError,
    );
    const page = await listProducts(db(), brandC, { limit: 1 });
    await expect(
      listProducts(db(), brandC, {
        limit: 1,
        cursor: page.nextCursor ?? '',
        updatedAfter: '2025-01-01T00:00:00Z',
      }),
    ).rejects.toBeInstanceOf(InvalidCatalogueCursorError);
  });
});
