import type { Feature } from '../feature';
import type { BulkRateLimitOptions } from './bulk-rate-limit';
import {
  createBulkRateLimiter,
  defaultBulkRateLimit,
  rateLimitMigrations,
} from './bulk-rate-limit';
import { catalogueHandlers } from './handlers';

export { rateLimitMigrations as catalogueApiMigrations, defaultBulkRateLimit };
export type { BulkRateLimitOptions };

export interface CatalogueFeatureOptions {
  /** Bulk calls per brand and operation per window (default 10 per 60 s; benchmarks raise it). */
  bulkRateLimit?: BulkRateLimitOptions;
  /** Read-after-write bound of catalogue commands (default 5 s). */
  waitTimeoutMs?: number;
}

/** Brand products and variants (SPEC §7): twelve operations of the route table. */
export function createCatalogueFeature(options: CatalogueFeatureOptions = {}): Feature {
  return {
    name: 'catalogue',
    handlers(services) {
      const write = {
        eventStore: services.eventStore,
        projections: services.projections,
        clock: services.clock,
        logger: services.logger,
        states: services.streamStates,
        ...(options.waitTimeoutMs === undefined ? {} : { waitTimeoutMs: options.waitTimeoutMs }),
      };
      const limiter = createBulkRateLimiter(
        services.db,
        options.bulkRateLimit ?? defaultBulkRateLimit,
      );
      return catalogueHandlers(services, write, limiter);
    },
  };
}

export const catalogueFeature: Feature = createCatalogueFeature();
