/**
 * The durable work of a product create, written by hand for the raw twin of `bench:api`
 * (issue 15): the two event rows the API appends (the store id's claim and ProductCreated,
 * same columns, same JSON) and the catalogue read row, in one statement, so one transaction
 * and one commit per call; a bulk call is the same statement over 100 products. No version
 * check is read first: both streams are new, and the unique key on (stream, version) refuses
 * a store id claimed twice, as it backs the API's own check.
 *
 * The twin writes into copies of `events` and `brand_products` in the schema `bench_raw`,
 * made `LIKE` the originals (columns, defaults, constraints, indexes) and seeded with their
 * rows: the API's projection runner never sees the twin's events, and both insert into tables
 * of the same size.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { BrandProduct, CreateBrandProductBody } from '@brand-api/contracts';
import type pg from 'pg';

export const rawSchema = 'bench_raw';

/** Makes and seeds the twin's tables (once, before the twin serves). */
export async function prepareRawTables(pool: pg.Pool): Promise<void> {
  await pool.query(`
CREATE SCHEMA ${rawSchema};
CREATE TABLE ${rawSchema}.events (LIKE public.events INCLUDING ALL);
CREATE TABLE ${rawSchema}.brand_products (LIKE public.brand_products INCLUDING ALL);
INSERT INTO ${rawSchema}.events SELECT * FROM public.events;
INSERT INTO ${rawSchema}.brand_products SELECT * FROM public.brand_products;
ANALYZE ${rawSchema}.events, ${rawSchema}.brand_products`);
}

const createSql = `
WITH appended AS (
  INSERT INTO ${rawSchema}.events (stream_name, stream_version, type, data, metadata, schema_version, event_id)
  SELECT e.stream_name, 0, e.type, e.data::jsonb, $1::jsonb, 1, e.event_id::uuid
  FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS e(stream_name, type, data, event_id)
)
INSERT INTO ${rawSchema}.brand_products (id, brand_id, store_id, title, description, image_url,
  image_width, image_height, online_store_url, created_at, updated_at, version)
SELECT p.id::uuid, $6::uuid, p.store_id, p.title, p.description, p.image_url, p.image_width,
  p.image_height, p.online_store_url, $7::timestamptz, $7::timestamptz, 0
FROM unnest($8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::integer[],
  $14::integer[], $15::text[])
  AS p(id, store_id, title, description, image_url, image_width, image_height, online_store_url)`;

/** The read row's own columns, in the order of the statement's arrays ($8 to $15). */
const productColumns = [
  'id',
  'storeId',
  'title',
  'description',
  'imageUrl',
  'imageWidth',
  'imageHeight',
  'onlineStoreUrl',
] as const satisfies readonly (keyof BrandProduct)[];

/** Who the twin's events say acted: one API key, as in the API's run. */
const actor = { kind: 'apiKey', id: randomUUID() } as const;

const claimStreamName = (brandId: string, storeId: string) =>
  `product-store-id-${brandId}-${createHash('sha256').update(storeId, 'utf8').digest('hex')}`;

/** Creates `bodies` as one transaction; answers each product as the API's create does. */
export async function createProducts(
  pool: pg.Pool,
  brandId: string,
  bodies: readonly CreateBrandProductBody[],
): Promise<BrandProduct[]> {
  const now = new Date().toISOString();
  const requestId = randomUUID();
  // An image field a create body leaves out is null, as the API's decider makes it.
  const products: BrandProduct[] = bodies.map((body) => ({
    id: randomUUID(),
    ...body,
    imageUrl: body.imageUrl ?? null,
    imageWidth: body.imageWidth ?? null,
    imageHeight: body.imageHeight ?? null,
    updatedAt: now,
    createdAt: now,
  }));
  const events = products.flatMap(({ id: productId, updatedAt: _, createdAt, ...fields }) => [
    {
      streamName: claimStreamName(brandId, fields.storeId),
      type: 'StoreIdClaimed',
      data: { brandId, kind: 'product', storeId: fields.storeId, ownerId: productId },
    },
    {
      streamName: `product-${productId}`,
      type: 'ProductCreated',
      data: { productId, ...fields, createdAt },
    },
  ]);
  const metadata = {
    brandId,
    actor,
    requestId,
    correlationId: requestId,
    causationId: requestId,
    occurredAt: now,
  };
  await pool.query({
    text: createSql,
    name: 'raw_create_products',
    values: [
      JSON.stringify(metadata),
      events.map((e) => e.streamName),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map(() => randomUUID()),
      brandId,
      now,
      ...productColumns.map((key) => products.map((product) => product[key])),
    ],
  });
  return products;
}
