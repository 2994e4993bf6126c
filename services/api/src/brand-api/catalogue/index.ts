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
}

/** Brand products and variants : twelve operations of the route table (`contracts/src/routes.ts`). */
export function createCatalogueFeature(options: CatalogueFeatureOptions = {}): Feature {
  return {
    name: 'catalogue',
    handlers(services) {
      const limiter = createBulkRateLimiter(
        services.db,
        options.bulkRateLimit ?? defaultBulkRateLimit,
      );
      return catalogueHandlers(services, limiter);
    },
  };
}
