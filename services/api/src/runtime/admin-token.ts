import type { Queryable } from '@brand-api/event-store';
import { hashAdminToken } from '../operator-api/operator-auth';
import { randomBase62 } from '../application/brands';

const credentialName = 'admin';

export interface AdminTokenResolution {
  tokenHash: string;
  /** Set only when this call generated the token: print it once, it is never shown again. */
  generatedToken: string | undefined;
}

/**
 * The operator token: ADMIN_TOKEN when set; otherwise the one generated on the first start,
 * of which only the hash is kept. Of several processes starting together, exactly one
 * generates it (insert-if-absent) and the others read its hash.
 */
export async function resolveAdminToken(
  db: Queryable,
  fromEnvironment: string | undefined,
): Promise<AdminTokenResolution> {
  if (fromEnvironment !== undefined) {
    return { tokenHash: hashAdminToken(fromEnvironment), generatedToken: undefined };
  }
  const token = generateAdminToken();
  const inserted = await db.query<{ token_hash: string }>(
    `INSERT INTO operator_credentials (name, token_hash) VALUES ($1, $2)
     ON CONFLICT (name) DO NOTHING RETURNING token_hash`,
    [credentialName, hashAdminToken(token)],
  );
  if (inserted.rowCount === 1) {
    return { tokenHash: hashAdminToken(token), generatedToken: token };
  }
  const stored = await db.query<{ token_hash: string }>(
    'SELECT token_hash FROM operator_credentials WHERE name = $1',
    [credentialName],
  );
  const tokenHash = stored.rows[0]?.token_hash;
  if (tokenHash === undefined) throw new Error('The stored admin token disappeared');
  return { tokenHash, generatedToken: undefined };
}

/** `bka_` and 40 base62 characters (~238 bits). */
export function generateAdminToken(): string {
  return `bka_${randomBase62(40)}`;
}
