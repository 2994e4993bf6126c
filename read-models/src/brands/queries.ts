import { lookup } from '@brand-api/event-store';
import type { Queryable } from '@brand-api/event-store';
import { keysetPage } from '../keyset-page';
import type { KeysetPage } from '../keyset-page';

export interface BrandRow {
  id: string;
  name: string;
  customAuthEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ApiKeyRow {
  id: string;
  brandId: string;
  name: string | null;
  scopes: string[];
  keyPrefix: string;
  createdAt: string;
  revokedAt: string | null;
}

/** What the authenticator needs about a key: its hash to compare and its brand's switches. */
export interface ApiKeyCredential {
  id: string;
  brandId: string;
  scopes: string[];
  keyHash: string;
  revoked: boolean;
  brandName: string;
  customAuthEnabled: boolean;
}

export type BrandPage = KeysetPage<BrandRow>;

const brandColumns = `id::text AS id, name, custom_auth_enabled AS "customAuthEnabled",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

const apiKeyColumns = `id::text AS id, brand_id::text AS "brandId", name, scopes,
  key_prefix AS "keyPrefix", created_at AS "createdAt", revoked_at AS "revokedAt"`;

export async function findApiKeyCredential(
  db: Queryable,
  keyHash: string,
): Promise<ApiKeyCredential | undefined> {
  const result = await db.query<ApiKeyCredential>(
    `SELECT k.id::text AS id, k.brand_id::text AS "brandId", k.scopes, k.key_hash AS "keyHash",
            k.revoked_at IS NOT NULL AS revoked, b.name AS "brandName",
            b.custom_auth_enabled AS "customAuthEnabled"
     FROM api_keys k JOIN brands b ON b.id = k.brand_id
     WHERE k.key_hash = $1`,
    [keyHash],
  );
  return result.rows[0];
}

/** Keyset pagination on `(created_at, id)`: each page costs the same at any depth. */
export async function listBrands(
  db: Queryable,
  options: { limit: number; cursor?: string | undefined },
): Promise<BrandPage> {
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  const result = await db.query<RawBrandRow>(
    after === undefined
      ? `SELECT ${brandColumns} FROM brands ORDER BY created_at, id LIMIT $1`
      : `SELECT ${brandColumns} FROM brands
         WHERE (created_at, id) > ($2::timestamptz, $3::uuid)
         ORDER BY created_at, id LIMIT $1`,
    after === undefined ? [options.limit + 1] : [options.limit + 1, after.createdAt, after.id],
  );
  return keysetPage(
    result.rows,
    options.limit,
    (last) => encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }),
    (kept) => kept.map(toBrand),
  );
}

export async function listApiKeys(db: Queryable, brandId: string): Promise<ApiKeyRow[]> {
  const result = await db.query<RawApiKeyRow>(
    `SELECT ${apiKeyColumns} FROM api_keys WHERE brand_id = $1 ORDER BY created_at, id`,
    [brandId],
  );
  return result.rows.map(toApiKey);
}

type RawBrandRow = Omit<BrandRow, 'createdAt' | 'updatedAt'> & {
  createdAt: Date;
  updatedAt: Date;
};
type RawApiKeyRow = Omit<ApiKeyRow, 'createdAt' | 'revokedAt'> & {
  createdAt: Date;
  revokedAt: Date | null;
};

const toBrand = (row: RawBrandRow): BrandRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toApiKey = (row: RawApiKeyRow): ApiKeyRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  revokedAt: row.revokedAt === null ? null : row.revokedAt.toISOString(),
});

export const getBrand = lookup<[brandId: string], RawBrandRow, BrandRow>(
  `SELECT ${brandColumns} FROM brands WHERE id = $1`,
  toBrand,
);

export const getApiKey = lookup<[brandId: string, apiKeyId: string], RawApiKeyRow, ApiKeyRow>(
  `SELECT ${apiKeyColumns} FROM api_keys WHERE brand_id = $1 AND id = $2`,
  toApiKey,
);

interface BrandCursor {
  createdAt: string;
  id: string;
}

export class InvalidCursorError extends Error {
  override readonly name = 'InvalidCursorError';
}

function encodeCursor(cursor: BrandCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

function decodeCursor(cursor: string): BrandCursor {
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (
    !createdAt ||
    !id ||
    rest.length > 0 ||
    Number.isNaN(Date.parse(createdAt)) ||
    !uuid.test(id)
  ) {
    throw new InvalidCursorError('The cursor is not one this API returned');
  }
  return { createdAt, id };
}
