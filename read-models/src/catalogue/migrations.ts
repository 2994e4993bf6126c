import type { Migration } from '@brand-api/event-store';

/**
 * Read tables of the catalogue. Uniqueness of store ids is the event store's job (claim
 * streams), so these tables only index for the queries: lists walk `(brand_id, created_at, id)`
 * or, with `updatedAfter`, `(brand_id, updated_at, id)`; variants of one product walk
 * `(product_id, created_at, id)`; bulk calls and filters find rows by store id.
 */
export const catalogueMigrations: readonly Migration[] = [
  {
    id: 'read-models/catalogue/001-products-and-variants',
    sql: `
CREATE TABLE IF NOT EXISTS brand_products (
  id uuid PRIMARY KEY,
  brand_id uuid NOT NULL,
  store_id text NOT NULL,
  title text NOT NULL,
  description text NOT NULL,
  image_url text,
  image_width integer,
  image_height integer,
  online_store_url text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS brand_products_created ON brand_products (brand_id, created_at, id);
CREATE INDEX IF NOT EXISTS brand_products_updated ON brand_products (brand_id, updated_at, id);
CREATE INDEX IF NOT EXISTS brand_products_store_id ON brand_products (brand_id, store_id);
CREATE TABLE IF NOT EXISTS brand_product_variants (
  id uuid PRIMARY KEY,
  brand_id uuid NOT NULL,
  product_id uuid NOT NULL,
  store_id text NOT NULL,
  product_store_id text NOT NULL,
  title text NOT NULL,
  barcode text,
  sku text,
  position integer NOT NULL,
  price_cents integer,
  currency text,
  image_url text,
  image_width integer,
  image_height integer,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS brand_product_variants_created ON brand_product_variants (brand_id, created_at, id);
CREATE INDEX IF NOT EXISTS brand_product_variants_updated ON brand_product_variants (brand_id, updated_at, id);
CREATE INDEX IF NOT EXISTS brand_product_variants_product ON brand_product_variants (product_id, created_at, id);
CREATE INDEX IF NOT EXISTS brand_product_variants_store_id ON brand_product_variants (brand_id, store_id);
`,
  },
  {
    // The version of each row's stream (its last event's stream version): the API's ETag. The
    // projection's version bump replays every row, so the default is never read.
    id: 'read-models/catalogue/002-stream-versions',
    sql: `
ALTER TABLE brand_products ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 0;
ALTER TABLE brand_product_variants ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 0;
`,
  },
];
