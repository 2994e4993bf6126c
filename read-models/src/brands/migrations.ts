import type { Migration } from '@brand-api/event-store';

/**
 * Read tables of brands and API keys. The authenticator looks keys up by hash on every
 * request, hence the unique index on `key_hash`; lists walk `(created_at, id)`.
 */
export const brandsMigrations: readonly Migration[] = [
  {
    id: 'read-models/brands/001-brands-and-api-keys',
    sql: `
CREATE TABLE IF NOT EXISTS brands (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  custom_auth_enabled boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS brands_created_at_id ON brands (created_at, id);
CREATE TABLE IF NOT EXISTS api_keys (
  id uuid PRIMARY KEY,
  brand_id uuid NOT NULL,
  name text,
  scopes text[] NOT NULL,
  key_hash text NOT NULL,
  key_prefix text NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS api_keys_key_hash ON api_keys (key_hash);
CREATE INDEX IF NOT EXISTS api_keys_brand_created_at ON api_keys (brand_id, created_at, id);
`,
  },
];
