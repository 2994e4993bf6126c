import {
  ApiError,
  bulkRateLimit,
  rateLimitHeader,
  rateLimitPolicyHeader,
} from '@brand-api/contracts';
import type { RateLimitPolicy } from '@brand-api/contracts';
import type { Migration, Queryable } from '@brand-api/event-store';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

export type BulkRateLimitOptions = RateLimitPolicy;

export const defaultBulkRateLimit: BulkRateLimitOptions = bulkRateLimit;

const tableName = 'api_rate_limits';

/** The counters table, in the exact shape rate-limiter-flexible's Postgres store writes. */
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
];

export interface BulkRateLimiter {
  /**
   * Counts one call and gives the rate-limit headers of the answer; over the limit, throws 429
   * RATE_LIMITED carrying those headers and `Retry-After`.
   */
  consume(operation: string, brandId: string): Promise<Record<string, string>>;
}

/**
 * Fixed-window counters in Postgres through rate-limiter-flexible, so every API process
 * shares them. The store is given our `Database` (pg pool or in-process PGlite) behind the
 * `query(config)` shape it calls, so one code path serves both drivers. Headers follow the
 * IETF RateLimit header fields draft: `RateLimit-Policy` and `RateLimit`, plus `Retry-After`
 * on refusals.
 */
export function createBulkRateLimiter(
  db: Queryable,
  options: BulkRateLimitOptions = defaultBulkRateLimit,
): BulkRateLimiter {
  const limiter = new RateLimiterPostgres({
    storeClient: {
      query: (config: { text: string; values?: unknown[] }) => db.query(config.text, config.values),
    },
    storeType: 'client',
    tableName,
    tableCreated: true,
    keyPrefix: 'bulk',
    points: options.requests,
    duration: options.windowSeconds,
  });
  const policy = rateLimitPolicyHeader(options);
  const headersOf = (result: RateLimiterRes) => ({
    'RateLimit-Policy': policy,
    RateLimit: rateLimitHeader(result.remainingPoints, Math.ceil(result.msBeforeNext / 1000)),
  });

  return {
    async consume(operation, brandId) {
      try {
        return headersOf(await limiter.consume(`${operation}:${brandId}`));
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const retryAfter = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw new ApiError('RATE_LIMITED', {
          message: `Bulk calls are limited to ${options.requests} per ${options.windowSeconds} s per brand; retry in ${retryAfter} s`,
          headers: { ...headersOf(error), 'Retry-After': String(retryAfter) },
        });
      }
    },
  };
}
