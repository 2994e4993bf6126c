import {
  ApiError,
  bulkRateLimit,
  rateLimitHeader,
  rateLimitPolicyHeader,
} from '@brand-api/contracts';
import type { RateLimitPolicy } from '@brand-api/contracts';
import type { CommandRider, Migration, Queryable } from '@brand-api/event-store';
import { sqlStateOf } from '@brand-api/event-store';

export type BulkRateLimitOptions = RateLimitPolicy;

export const defaultBulkRateLimit: BulkRateLimitOptions = bulkRateLimit;

const tableName = 'api_rate_limits';

/** SQLSTATE of a call over the limit (`api_rate_limit_consume`); its detail is the window's end. */
const overTheLimit = 'RL429';

/**
 * The counters table (first written by rate-limiter-flexible, whose rows stay valid), and the
 * function that counts one call: a fixed window per key, from `now_ms` for `window_ms`. A call
 * over the limit raises `RL429`, so the statement fails, and with it the write it rides in,
 * and the count is not kept. (No `;` ends a line inside the function: `splitStatements` splits
 * a migration there.)
 */
export const rateLimitMigrations: readonly Migration[] = [
  {
    id: 'api/catalogue/001-rate-limits',
    sql: `
CREATE TABLE IF NOT EXISTS ${tableName} (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
`,
  },
  {
    id: 'api/catalogue/002-rate-limit-consume',
    sql: `
CREATE OR REPLACE FUNCTION api_rate_limit_consume(
  counter varchar, allowed integer, window_ms bigint, now_ms bigint,
  OUT used integer, OUT expires_at bigint)
LANGUAGE plpgsql AS $$ BEGIN
  INSERT INTO ${tableName} AS c (key, points, expire) VALUES (counter, 1, now_ms + window_ms)
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN c.expire IS NULL OR c.expire <= now_ms THEN 1 ELSE c.points + 1 END,
    expire = CASE WHEN c.expire IS NULL OR c.expire <= now_ms THEN now_ms + window_ms
                  ELSE c.expire END
  RETURNING c.points, c.expire INTO used, expires_at; IF used > allowed THEN
    RAISE EXCEPTION 'rate limit of % calls reached', allowed
      USING ERRCODE = '${overTheLimit}', DETAIL = expires_at::text; END IF; END $$;
`,
  },
];

const consumeSql = `SELECT used, expires_at AS "expiresAt" FROM api_rate_limit_consume($1, $2, $3, $4)`;

export interface BulkRateLimiter {
  /**
   * Counts one call as a command rider (`CommandRider`): in the call's own write where the
   * store carries riders, else on its own. `onHeaders` gets the answer's rate-limit headers
   * once counted; a call over the limit is refused with 429 RATE_LIMITED carrying them and
   * `Retry-After`, and nothing it decided is written.
   */
  rider(
    operation: string,
    brandId: string,
    onHeaders: (headers: Record<string, string>) => void,
  ): CommandRider;
}

/**
 * Fixed-window counters in Postgres, so every API process shares them, on our `Database` (pg
 * pool or in-process PGlite). Headers follow the IETF RateLimit header fields draft:
 * `RateLimit-Policy` and `RateLimit`, plus `Retry-After` on refusals.
 */
export function createBulkRateLimiter(
  db: Queryable,
  options: BulkRateLimitOptions = defaultBulkRateLimit,
): BulkRateLimiter {
  const policy = rateLimitPolicyHeader(options);
  const windowMs = options.windowSeconds * 1000;
  const headersOf = (remaining: number, msBeforeNext: number) => ({
    'RateLimit-Policy': policy,
    RateLimit: rateLimitHeader(remaining, Math.max(0, Math.ceil(msBeforeNext / 1000))),
  });

  return {
    rider(operation, brandId, onHeaders) {
      const now = Date.now();
      const counted = (rows: unknown[]) => {
        const [row] = rows as { used: number; expiresAt: number }[];
        if (row)
          onHeaders(headersOf(Math.max(0, options.requests - row.used), row.expiresAt - now));
      };
      const statement = {
        text: consumeSql,
        params: [`bulk:${operation}:${brandId}`, options.requests, windowMs, now],
        onRows: counted,
      };
      const refusal = (error: unknown): ApiError | undefined => {
        if (sqlStateOf(error) !== overTheLimit) return undefined;
        const detail = (error as { detail?: unknown }).detail;
        const msBeforeNext = Number(detail) - now;
        const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
        const headers = headersOf(0, msBeforeNext);
        onHeaders(headers);
        return new ApiError('RATE_LIMITED', {
          message: `Bulk calls are limited to ${options.requests} per ${options.windowSeconds} s per brand; retry in ${retryAfter} s`,
          headers: { ...headers, 'Retry-After': String(retryAfter) },
        });
      };
      return {
        statement,
        refusal,
        async alone() {
          try {
            const { rows } = await db.query(statement.text, statement.params);
            counted(rows);
          } catch (error) {
            throw refusal(error) ?? error;
          }
        },
      };
    },
  };
}
