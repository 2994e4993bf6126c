import type { BrandProduct, BrandProductVariant } from '@brand-api/contracts';
import type { Queryable } from '@brand-api/event-store';
import { decodeCursor, encodeCursor } from './cursor';
import type { SortKey } from './cursor';

export interface CataloguePage<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

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

const productColumns = `id::text AS id, store_id AS "storeId", title, description,
  image_url AS "imageUrl", image_width AS "imageWidth", image_height AS "imageHeight",
  online_store_url AS "onlineStoreUrl", updated_at AS "updatedAt", created_at AS "createdAt"`;

const variantColumns = `id::text AS id, store_id AS "storeId", product_store_id AS "productStoreId",
  title, barcode, sku, position, price_cents AS "priceCents", currency, image_url AS "imageUrl",
  image_width AS "imageWidth", image_height AS "imageHeight", product_id::text AS "productId",
  updated_at AS "updatedAt", created_at AS "createdAt"`;

type Raw<T> = Omit<T, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const withIsoTimes = <T extends { createdAt: string; updatedAt: string }>(row: Raw<T>): T =>
  ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }) as T;

export async function getProduct(
  db: Queryable,
  brandId: string,
  productId: string,
): Promise<BrandProduct | undefined> {
  const { rows } = await db.query<Raw<BrandProduct>>(
    `SELECT ${productColumns} FROM brand_products WHERE id = $1 AND brand_id = $2`,
    [productId, brandId],
  );
  return rows[0] && withIsoTimes(rows[0]);
}

export async function getVariant(
  db: Queryable,
  brandId: string,
  variantId: string,
): Promise<BrandProductVariant | undefined> {
  const { rows } = await db.query<Raw<BrandProductVariant>>(
    `SELECT ${variantColumns} FROM brand_product_variants WHERE id = $1 AND brand_id = $2`,
    [variantId, brandId],
  );
  return rows[0] && withIsoTimes(rows[0]);
}

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
  const { rows } = await db.query<Raw<T>>(
    `SELECT ${columns} FROM ${table} WHERE ${where.join(' AND ')}
     ORDER BY ${column}, id LIMIT $${params.length}`,
    params,
  );
  const data = rows.slice(0, options.limit).map((row) => withIsoTimes<T>(row));
  const hasMore = rows.length > options.limit;
  const last = data.at(-1);
  return {
    data,
    hasMore,
    nextCursor:
      hasMore && last
        ? encodeCursor({
            sort,
            at: sort === 'created' ? last.createdAt : last.updatedAt,
            id: last.id,
          })
        : null,
  };
}
