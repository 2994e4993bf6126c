import type { ProductEvent, VariantEvent } from '@brand-api/contracts';
import { rowInsert } from '@brand-api/event-store';
import type { CommandMetadata, Projection } from '@brand-api/event-store';
import type { RecordedEvent, SqlStatement } from '@brand-api/event-store';
import { partialUpdate, rowsDelete } from '../row-update';

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

const updateProduct = partialUpdate('brand_products', productColumns);
const updateVariant = partialUpdate('brand_product_variants', variantColumns);
const deleteProduct = rowsDelete('brand_products');
const deleteVariant = rowsDelete('brand_product_variants');
const deleteVariantsOfProduct = rowsDelete('brand_product_variants', 'product_id');

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
      case 'ProductUpdated': {
        const { productId, changes, updatedAt } = event.data;
        return [updateProduct(productId, changes, updatedAt, event.streamVersion)];
      }
      case 'ProductDeleted':
        // Its variants have their own VariantDeleted events; this only guards against orphans.
        return [deleteVariantsOfProduct(event.data.productId), deleteProduct(event.data.productId)];
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
      case 'VariantUpdated': {
        const { variantId, changes, updatedAt } = event.data;
        return [updateVariant(variantId, changes, updatedAt, event.streamVersion)];
      }
      case 'VariantDeleted':
        return [deleteVariant(event.data.variantId)];
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
