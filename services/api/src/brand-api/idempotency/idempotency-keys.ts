import { randomUUID } from 'node:crypto';
import type { Migration, Queryable } from '@brand-api/event-store';

const table = 'api_idempotency_keys';

/**
 * One row per (API key, Idempotency-Key): the request it is bound to (`fingerprint`), and
 * either a lease (`locked_until`, while its first request runs) or the stored answer. `id`
 * names this use of the key; every event the request appends carries it as
 * `metadata.idempotencyKeyId`, and a key used again after expiry gets a new one.
 */
export const idempotencyMigrations: readonly Migration[] = [
  {
    id: 'api/001-idempotency-keys',
    sql: `
CREATE TABLE IF NOT EXISTS ${table} (
  api_key_id text NOT NULL,
  idempotency_key text NOT NULL,
  id uuid NOT NULL UNIQUE,
  fingerprint text NOT NULL,
  request_id text NOT NULL,
  locked_until timestamptz,
  status integer,
  headers jsonb,
  body text,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (api_key_id, idempotency_key)
);
CREATE INDEX IF NOT EXISTS api_idempotency_keys_expires_idx ON ${table} (expires_at);
`,
  },
];

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface IdempotencyRecord {
  id: string;
  fingerprint: string;
  requestId: string;
  lockedUntil: Date | null;
  answer: StoredAnswer | undefined;
}

interface Row {
  id: string;
  fingerprint: string;
  request_id: string;
  locked_until: Date | string | null;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
}

const toRecord = (row: Row): IdempotencyRecord => ({
  id: row.id,
  fingerprint: row.fingerprint,
  requestId: row.request_id,
  lockedUntil: row.locked_until === null ? null : new Date(row.locked_until),
  answer:
    row.status === null
      ? undefined
      : { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' },
});

export interface ClaimRequest {
  apiKeyId: string;
  key: string;
  fingerprint: string;
  requestId: string;
  now: Date;
  lockedUntil: Date;
  expiresAt: Date;
}

/** The table's statements; every write after the claim is conditional on the claim's `id`. */
export class IdempotencyKeys {
  constructor(private readonly db: Queryable) {}

  /**
   * Claims the key for this request, or answers what holds it. A row whose key expired is
   * claimed anew (on-read expiry), under a new id.
   */
  async claim(
    request: ClaimRequest,
  ): Promise<{ claimed: true; id: string } | { claimed: false; record: IdempotencyRecord }> {
    const id = randomUUID();
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO ${table} (api_key_id, idempotency_key, id, fingerprint, request_id,
         locked_until, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (api_key_id, idempotency_key) DO UPDATE SET
         id = EXCLUDED.id, fingerprint = EXCLUDED.fingerprint, request_id = EXCLUDED.request_id,
         locked_until = EXCLUDED.locked_until, status = NULL, headers = NULL, body = NULL,
         expires_at = EXCLUDED.expires_at
       WHERE ${table}.expires_at <= $8
       RETURNING id`,
      [
        request.apiKeyId,
        request.key,
        id,
        request.fingerprint,
        request.requestId,
        request.lockedUntil,
        request.expiresAt,
        request.now,
      ],
    );
    if (rows[0]?.id === id) return { claimed: true, id };
    const found = await this.db.query<Row>(
      `SELECT id, fingerprint, request_id, locked_until, status, headers, body FROM ${table}
       WHERE api_key_id = $1 AND idempotency_key = $2`,
      [request.apiKeyId, request.key],
    );
    const row = found.rows[0];
    // Swept between the two statements: claim again.
    if (!row) return this.claim(request);
    return { claimed: false, record: toRecord(row) };
  }

  /**
   * Takes over a claim whose holder let its lease run out (it died, or gave up after a 5xx):
   * true when this request now holds it, false when another request took it first.
   */
  async takeOver(
    record: IdempotencyRecord,
    requestId: string,
    lockedUntil: Date,
  ): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE ${table} SET locked_until = $3, request_id = $4
       WHERE id = $1 AND status IS NULL AND locked_until IS NOT DISTINCT FROM $2`,
      [record.id, record.lockedUntil, lockedUntil, requestId],
    );
    return rowCount === 1;
  }

  /** Extends the lease of a request still running. */
  async renew(id: string, lockedUntil: Date): Promise<void> {
    await this.db.query(`UPDATE ${table} SET locked_until = $2 WHERE id = $1 AND status IS NULL`, [
      id,
      lockedUntil,
    ]);
  }

  /** Stores the final answer; later requests with the key get it. */
  async answer(id: string, answer: StoredAnswer): Promise<void> {
    await this.db.query(
      `UPDATE ${table} SET status = $2, headers = $3, body = $4, locked_until = NULL
       WHERE id = $1 AND status IS NULL`,
      [id, answer.status, JSON.stringify(answer.headers), answer.body],
    );
  }

  /** Ends the lease without an answer: the next request with the key decides what to do. */
  async release(id: string, now: Date): Promise<void> {
    await this.db.query(`UPDATE ${table} SET locked_until = $2 WHERE id = $1 AND status IS NULL`, [
      id,
      now,
    ]);
  }

  /**
   * Forgets a claim whose request was refused before it ran (a 400): the key is unused again,
   * so a corrected request with it runs. A claim that has an answer is kept.
   */
  async forget(id: string): Promise<void> {
    await this.db.query(`DELETE FROM ${table} WHERE id = $1 AND status IS NULL`, [id]);
  }

  /** Deletes every key expired by `now`; how many. */
  async sweep(now: Date): Promise<number> {
    const { rowCount } = await this.db.query(`DELETE FROM ${table} WHERE expires_at <= $1`, [now]);
    return rowCount;
  }
}
