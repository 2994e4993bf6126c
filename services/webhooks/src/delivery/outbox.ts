import { advisoryKeySql, advisoryLockRowSql } from '@brand-api/event-store';
import type { Database, Queryable } from '@brand-api/event-store';
import type { SigningSecrets } from './signer';

/** A delivery this worker holds until its lease ends: it may send it, nobody else will. */
export interface ClaimedDelivery {
  deliveryId: number;
  claimToken: string;
  messageId: string;
  endpointId: string;
  brandId: string;
  /** Attempts completed before this one. */
  attempts: number;
  url: string;
  body: string;
  secrets: SigningSecrets;
}

export type AttemptOutcome = 'delivered' | 'retrying' | 'failed';

export interface AttemptResult {
  deliveryId: number;
  claimToken: string;
  messageId: string;
  endpointId: string;
  /** 1 for the first attempt. */
  attempt: number;
  url: string;
  attemptedAt: Date;
  durationMs: number;
  statusCode: number | null;
  outcome: AttemptOutcome;
  error: string | null;
  responseExcerpt: string | null;
  /** When `outcome` is 'retrying'. */
  nextAttemptAt: Date | null;
}

interface ClaimRow {
  id: number;
  message_id: string;
  endpoint_id: string;
  brand_id: string;
  attempts: number;
  enabled: boolean;
  url: string;
  body: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
}

/**
 * Claims up to `limit` deliveries due at `now`: `FOR UPDATE SKIP LOCKED` keeps concurrent
 * claimers apart, and the lease (`next_attempt_at` moved to `leaseUntil`, with a claim token)
 * keeps them apart after this short transaction commits, while the HTTP call runs. A worker
 * that dies loses nothing: its rows fall due again when the lease ends, with the same message
 * id. Deliveries to a disabled endpoint are failed here, without an attempt.
 */
export async function claimDueDeliveries(
  db: Database,
  claim: { now: Date; leaseUntil: Date; claimToken: string; limit: number },
): Promise<{ deliveries: ClaimedDelivery[]; rowsTaken: number }> {
  const { rows } = await db.query<ClaimRow>(
    `WITH due AS (
       SELECT d.id, e.enabled
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.status = 'pending' AND d.next_attempt_at <= $1::timestamptz
       ORDER BY d.next_attempt_at, d.id
       LIMIT $2
       FOR UPDATE OF d SKIP LOCKED
     )
     UPDATE webhook_deliveries d
     SET claim_token = CASE WHEN due.enabled THEN $4::uuid END,
         next_attempt_at = CASE WHEN due.enabled THEN $3::timestamptz ELSE d.next_attempt_at END,
         status = CASE WHEN due.enabled THEN 'pending' ELSE 'failed' END,
         last_error = CASE WHEN due.enabled THEN d.last_error ELSE 'endpoint disabled' END,
         finished_at = CASE WHEN due.enabled THEN NULL ELSE $1::timestamptz END
     FROM due, webhook_messages m, webhook_endpoints e
     WHERE d.id = due.id AND m.id = d.message_id AND e.id = d.endpoint_id
     RETURNING d.id, d.message_id, d.endpoint_id, d.brand_id, d.attempts, due.enabled, e.url,
               m.body, e.secret, e.previous_secret, e.previous_secret_expires_at`,
    [claim.now, claim.limit, claim.leaseUntil, claim.claimToken],
  );
  const deliveries = rows
    .filter((row) => row.enabled)
    .sort((a, b) => a.id - b.id)
    .map((row) => ({
      deliveryId: row.id,
      claimToken: claim.claimToken,
      messageId: row.message_id,
      endpointId: row.endpoint_id,
      brandId: row.brand_id,
      attempts: row.attempts,
      url: row.url,
      body: row.body,
      secrets: {
        secret: row.secret,
        previousSecret: row.previous_secret,
        previousSecretExpiresAt: row.previous_secret_expires_at,
      },
    }));
  // rowsTaken < limit means nothing more was due (or free) at `now`.
  return { deliveries, rowsTaken: rows.length };
}

/**
 * Records a batch of attempts in one statement (so one round trip, atomically): the delivery
 * rows, only while this worker still holds their claim, and one log row per attempt. Returns
 * the ids whose claim was lost.
 */
export async function recordAttempts(
  db: Queryable,
  results: readonly AttemptResult[],
): Promise<number[]> {
  if (results.length === 0) return [];
  const column = <T>(pick: (result: AttemptResult) => T) => results.map(pick);
  const { rows } = await db.query<{ id: number }>(
    `WITH r AS (
       SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::int[], $5::timestamptz[],
                            $6::int[], $7::text[], $8::timestamptz[], $9::text[], $10::uuid[],
                            $11::text[], $12::int[], $13::text[])
         AS r(id, token, outcome, attempt, next_attempt_at, status_code, error, attempted_at,
              message_id, endpoint_id, url, duration_ms, response_excerpt)
     ),
     logged AS (
       INSERT INTO webhook_attempts (delivery_id, message_id, endpoint_id, attempt, url,
         attempted_at, duration_ms, status_code, outcome, error, response_excerpt, next_attempt_at)
       SELECT id, message_id, endpoint_id, attempt, url, attempted_at, duration_ms, status_code,
              outcome, error, response_excerpt, next_attempt_at
       FROM r
     )
     UPDATE webhook_deliveries d
     SET status = CASE r.outcome WHEN 'retrying' THEN 'pending' ELSE r.outcome END,
         attempts = r.attempt,
         next_attempt_at = COALESCE(r.next_attempt_at, d.next_attempt_at),
         claim_token = NULL,
         last_status_code = r.status_code,
         last_error = r.error,
         finished_at = CASE WHEN r.outcome = 'retrying' THEN NULL ELSE r.attempted_at END
     FROM r
     WHERE d.id = r.id AND d.claim_token = r.token
     RETURNING d.id`,
    [
      column((r) => r.deliveryId),
      column((r) => r.claimToken),
      column((r) => r.outcome),
      column((r) => r.attempt),
      column((r) => r.nextAttemptAt),
      column((r) => r.statusCode),
      column((r) => r.error),
      column((r) => r.attemptedAt),
      column((r) => r.messageId),
      column((r) => r.endpointId),
      column((r) => r.url),
      column((r) => Math.round(r.durationMs)),
      column((r) => r.responseExcerpt),
    ],
  );
  // The attempt log has every attempt; a lost claim only means another worker owns the row now.
  const recorded = new Set(rows.map((row) => row.id));
  return results.map((r) => r.deliveryId).filter((id) => !recorded.has(id));
}

/** When the next pending delivery falls due (a lease end counts), or null when none is pending. */
export async function nextDueAt(db: Database): Promise<Date | null> {
  const { rows } = await db.query<{ due: Date | null }>(
    `SELECT min(next_attempt_at) AS due FROM webhook_deliveries WHERE status = 'pending'`,
  );
  return rows[0]?.due ?? null;
}

/** Makes claimed but unsent deliveries due again at once (a worker stopping cleanly). */
export async function releaseClaims(
  db: Database,
  deliveries: readonly ClaimedDelivery[],
): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries d
     SET claim_token = NULL, next_attempt_at = d.occurred_at
     FROM unnest($1::bigint[], $2::uuid[]) AS r(id, token)
     WHERE d.id = r.id AND d.claim_token = r.token AND d.status = 'pending'`,
    [deliveries.map((d) => d.deliveryId), deliveries.map((d) => d.claimToken)],
  );
}

/** What a deliverer's lock key starts with; its claim token follows. */
const delivererLockPrefix = 'webhooks:deliverer:';

/** The advisory lock a deliverer holds for its session while it runs, named by its claim token. */
export const delivererLockKey = (claimToken: string): string =>
  `${delivererLockPrefix}${claimToken}`;

/**
 * `advisoryKeySql` of `delivererLockKey(d.claim_token)`, the lock of the claim's deliverer, with
 * `delivererLockPrefix` as `$1`.
 */
const claimerKey = advisoryKeySql.replace('$1', `$1 || d.claim_token::text`);

/**
 * Makes due again at once the deliveries claimed by a deliverer that no longer runs, and says
 * how many. A running deliverer holds an advisory lock named after its claim token for its
 * session (`DueDeliveries`); a claim whose lock no session holds was left by one that died
 * mid-send (kill -9, a lost connection: the server drops the lock with the session), and would
 * otherwise wait for its lease to end (the request timeout + 60 s). Sent again under the same
 * webhook-id: a receiver that got the first send sees a duplicate it can drop.
 */
export async function releaseClaimsOfStoppedDeliverers(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE webhook_deliveries d SET claim_token = NULL, next_attempt_at = d.occurred_at
     WHERE d.status = 'pending' AND d.claim_token IS NOT NULL
       AND NOT EXISTS (
         SELECT FROM pg_locks live WHERE live.granted AND ${advisoryLockRowSql('live', claimerKey)}
       )`,
    [delivererLockPrefix],
  );
  return rowCount;
}
