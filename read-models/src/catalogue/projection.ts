import type { ProductEvent, VariantEvent } from '@brand-api/contracts';
import { rowInsert } from '@brand-api/event-store';
import type { CommandMetadata, Projection } from '@brand-api/event-store';
import type { RecordedEvent, SqlStatement } from '@brand-api/event-store';

type CatalogueEvent = ProductEvent | VariantEvent;

const handles = [
  'ProductCreated',
  'ProductUpdated',
  'ProductDeleted',
  'VariantCreated',
  'VariantUpdated',
  'VariantDeleted',
] as const satisfies readonly CatalogueEvent['type'][];

/** Column of each changeable field and the SQL type its JSON text is cast to. */
const productColumns = {
  title: ['title', 'text'],
  description: ['description', 'text'],
  imageUrl: ['image_url', 'text'],
  imageWidth: ['image_width', 'integer'],
  imageHeight: ['image_height', 'integer'],
  onlineStoreUrl: ['online_store_url', 'text'],
} as const;

const variantColumns = {
  productId: ['product_id', 'uuid'],
  productStoreId: ['product_store_id', 'text'],
  title: ['title', 'text'],
  barcode: ['barcode', 'text'],
  sku: ['sku', 'text'],
  position: ['position', 'integer'],
  priceCents: ['price_cents', 'integer'],
  currency: ['currency', 'text'],
  imageUrl: ['image_url', 'text'],
  imageWidth: ['image_width', 'integer'],
  imageHeight: ['image_height', 'integer'],
} as const;

/**
 * One UPDATE for any subset of changed fields: a field present in the `changes` object ($2)
 * takes its value (JSON null clears it), an absent one keeps the column; the row takes the
 * event's update time ($3) and stream version ($4). Built once.
 */
function partialUpdateSql(
  table: string,
  columns: Record<string, readonly [string, string]>,
): string {
  const sets = Object.entries(columns).map(
    ([field, [column, type]]) =>
      `${column} = CASE WHEN $2::jsonb ? '${field}' THEN ($2::jsonb ->> '${field}')::${type} ELSE ${column} END`,
  );
  return `UPDATE ${table} SET ${sets.join(', ')}, updated_at = $3, version = $4 WHERE id = $1`;
}

const insertProduct = rowInsert({
  into: 'brand_products',
  columns: [
    'id',
    'brand_id',
    'store_id',
    'title',
    'description',
    'image_url',
    'image_width',
    'image_height',
    'online_store_url',
    'created_at',
    'updated_at',
    'version',
  ],
  skipConflictsOn: ['id'],
});

const insertVariant = rowInsert({
  into: 'brand_product_variants',
  columns: [
    'id',
    'brand_id',
    'product_id',
    'store_id',
    'product_store_id',
    'title',
    'barcode',
    'sku',
    'position',
    'price_cents',
    'currency',
    'image_url',
    'image_width',
    'image_height',
    'created_at',
    'updated_at',
    'version',
  ],
  skipConflictsOn: ['id'],
});

const updateProductSql = partialUpdateSql('brand_products', productColumns);
const updateVariantSql = partialUpdateSql('brand_product_variants', variantColumns);

/**
 * Products and variants as read tables. Inserts ignore a row already there and updates set
 * absolute values, so applying an event twice leaves the same rows. Each row keeps its
 * stream's version (the API's ETag); version 2 added it and replays the log to fill it in.
 */
export const catalogueProjection = {
  name: 'catalogue',
  version: 2,
  handles,
  apply(event: RecordedEvent<CatalogueEvent, CommandMetadata>): SqlStatement[] {
    switch (event.type) {
      case 'ProductCreated': {
        const d = event.data;
        return [
          insertProduct.row({
            id: d.productId,
            brand_id: event.metadata.brandId,
            store_id: d.storeId,
            title: d.title,
            description: d.description,
            image_url: d.imageUrl,
            image_width: d.imageWidth,
            image_height: d.imageHeight,
            online_store_url: d.onlineStoreUrl,
            created_at: d.createdAt,
            updated_at: d.createdAt,
            version: event.streamVersion,
          }),
        ];
      }
      case 'ProductUpdated':
        return [
          {
            text: updateProductSql,
            params: [
              event.data.productId,
              JSON.stringify(event.data.changes),
              event.data.updatedAt,
              event.streamVersion,
            ],
          },
        ];
      case 'ProductDeleted':
        // Its variants have their own VariantDeleted events; this only guards against orphans.
        return [
          {
            text: 'DELETE FROM brand_product_variants WHERE product_id = $1',
            params: [event.data.productId],
          },
          { text: 'DELETE FROM brand_products WHERE id = $1', params: [event.data.productId] },
        ];
      case 'VariantCreated': {
        const d = event.data;
        return [
          insertVariant.row({
            id: d.variantId,
            brand_id: event.metadata.brandId,
            product_id: d.productId,
            store_id: d.storeId,
            product_store_id: d.productStoreId,
            title: d.title,
            barcode: d.barcode,
            sku: d.sku,
            position: d.position,
            price_cents: d.priceCents,
            currency: d.currency,
            image_url: d.imageUrl,
            image_width: d.imageWidth,
            image_height: d.imageHeight,
            created_at: d.createdAt,
            updated_at: d.createdAt,
            version: event.streamVersion,
          }),
        ];
      }
      case 'VariantUpdated':
        return [
          {
            text: updateVariantSql,
            params: [
              event.data.variantId,
              JSON.stringify(event.data.changes),
              event.data.updatedAt,
              event.streamVersion,
            ],
          },
        ];
      case 'VariantDeleted':
        return [
          {
            text: 'DELETE FROM brand_product_variants WHERE id = $1',
            params: [event.data.variantId],
          },
        ];
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  async reset(tx) {
    await tx.query('TRUNCATE brand_products, brand_product_variants');
  },
} satisfies Projection<CatalogueEvent, CommandMetadata>;
