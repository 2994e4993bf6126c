import { createHash } from 'node:crypto';
import type { BrandProduct, BrandProductVariant } from '@brand-api/contracts';
import type { Queryable } from '@brand-api/event-store';
import { asRead, keysetPage } from '../keyset-page';
import type { KeysetPage } from '../keyset-page';
import { versionedGet } from '../versioned';
import { decodeCursor, encodeCursor } from './cursor';
import type { SortKey } from './cursor';

export type CataloguePage<T> = KeysetPage<T>;

export interface CatalogueListOptions {
  limit: number;
  cursor?: string | undefined;
  /** Only rows updated strictly after this instant; the list is then sorted by update time. */
  updatedAfter?: string | undefined;
}

export interface VariantListOptions extends CatalogueListOptions {
  productId?: string | undefined;
  productStoreId?: string | undefined;
}

/** An instant as `toISOString()` writes it, made by the server (rows store milliseconds). */
const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const productColumns = `id::text AS id, store_id AS "storeId", title, description,
  image_url AS "imageUrl", image_width AS "imageWidth", image_height AS "imageHeight",
  online_store_url AS "onlineStoreUrl", ${iso('updated_at')} AS "updatedAt",
  ${iso('created_at')} AS "createdAt"`;

const variantColumns = `id::text AS id, store_id AS "storeId", product_store_id AS "productStoreId",
  title, barcode, sku, position, price_cents AS "priceCents", currency, image_url AS "imageUrl",
  image_width AS "imageWidth", image_height AS "imageHeight", product_id::text AS "productId",
  ${iso('updated_at')} AS "updatedAt", ${iso('created_at')} AS "createdAt"`;

/**
 * Reads run on every API request: each distinct text is prepared once per connection under a
 * name derived from it, so the server skips parsing and planning on every later call.
 */
const statementNames = new Map<string, string>();
function prepared(text: string): { name: string } {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `catalogue_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return { name };
}

/** The catalogue's read tables hold their rows in the shape the API answers. */
const asIs = <T>(row: Omit<T, 'version'>): T => row as T;

/**
 * The get of one of the brand's rows by id. Its text is written and named once: a get is the
 * hottest uncached read, and a text made per call would be hashed in full to find its name on
 * every request.
 */
function getById<T>(table: string, columns: string) {
  const text = `SELECT ${columns}, version FROM ${table} WHERE id = $1 AND brand_id = $2`;
  return versionedGet<T, T>(text, asIs<T>, prepared(text));
}

export const getProduct = getById<BrandProduct>('brand_products', productColumns);
export const getVariant = getById<BrandProductVariant>('brand_product_variants', variantColumns);

/** Ids of the variants of these products, as the read table knows them now. */
export async function variantIdsOfProducts(
  db: Queryable,
  productIds: readonly string[],
): Promise<string[]> {
  if (productIds.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM brand_product_variants WHERE product_id = ANY($1::uuid[])
     ORDER BY product_id, created_at, id`,
    [productIds],
  );
  return rows.map((row) => row.id);
}

/** Keyset pagination on `(brand_id, created_at, id)` or `(brand_id, updated_at, id)`. */
export function listProducts(db: Queryable, brandId: string, options: CatalogueListOptions) {
  return listPage<BrandProduct>(db, 'brand_products', productColumns, brandId, options, []);
}

/** As {@link listProducts}; a product filter walks `(product_id, created_at, id)`. */
export function listVariants(db: Queryable, brandId: string, options: VariantListOptions) {
  const filters: Filter[] = [];
  if (options.productId !== undefined) {
    filters.push({ sql: (n) => `product_id = $${n}::uuid`, value: options.productId });
  }
  if (options.productStoreId !== undefined) {
    filters.push({
      // Resolved through the products table, so a variant follows its product's store id.
      sql: (n) =>
        `product_id = (SELECT id FROM brand_products WHERE brand_id = $1 AND store_id = $${n})`,
      value: options.productStoreId,
    });
  }
  return listPage<BrandProductVariant>(
    db,
    'brand_product_variants',
    variantColumns,
    brandId,
    options,
    filters,
  );
}

interface Filter {
  sql: (parameterNumber: number) => string;
  value: unknown;
}

async function listPage<T extends { id: string; createdAt: string; updatedAt: string }>(
  db: Queryable,
  table: string,
  columns: string,
  brandId: string,
  options: CatalogueListOptions,
  filters: readonly Filter[],
): Promise<CataloguePage<T>> {
  const sort: SortKey = options.updatedAfter === undefined ? 'created' : 'updated';
  const column = sort === 'created' ? 'created_at' : 'updated_at';
  const params: unknown[] = [brandId];
  const where = ['brand_id = $1'];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(sql(params.length));
  };
  for (const filter of filters) add(filter.sql, filter.value);
  if (options.updatedAfter !== undefined) {
    add((n) => `updated_at > $${n}::timestamptz`, options.updatedAfter);
  }
  if (options.cursor !== undefined) {
    const after = decodeCursor(options.cursor, sort);
    params.push(after.at, after.id);
    where.push(`(${column}, id) > ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  // One row more than asked says exactly whether another page follows.
  params.push(options.limit + 1);
  const text = `SELECT ${columns} FROM ${table} WHERE ${where.join(' AND ')}
     ORDER BY ${column}, id LIMIT $${params.length}`;
  const { rows } = await db.query<T>(text, params, prepared(text));
  return keysetPage(
    rows,
    options.limit,
    (last) =>
      encodeCursor({ sort, at: sort === 'created' ? last.createdAt : last.updatedAt, id: last.id }),
    asRead,
  );
}
