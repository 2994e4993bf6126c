import { routes as contractRoutes } from '@brand-api/contracts';
import type { Middleware } from 'koa';
import { mountOperations } from '../http/mount-operations';
import type { AuthState, RouteRegistry } from '../http/mount-operations';
import type { AppServices } from '../services';
import { requireScope } from './auth/api-key-auth';
import type { ApiKeyPrincipal } from './auth/api-key-authenticator';
import { createCatalogueFeature } from './catalogue';
import type { CatalogueFeatureOptions } from './catalogue';
import { communityFeature } from './community';
import { eventsFeature } from './events';
import { collectHandlers } from './feature';
import { IdempotencyKeys, idempotency } from './idempotency';
import type { ApiRoute, Feature } from './feature';

export type { ApiHandlers, ApiRoute, Feature } from './feature';
export { idempotencyMigrations } from './idempotency';

export const apiPrefix = '/api/v1';

/**
 * Every feature of the Brand API, the catalogue's with these options (benchmarks and tests raise
 * its bulk limit). Adding a feature is one line here; its routes, scopes and validation come
 * from the contracts' route table, so nothing else changes.
 */
export const createApiFeatures = (catalogue: CatalogueFeatureOptions = {}): readonly Feature[] => [
  createCatalogueFeature(catalogue),
  communityFeature,
  eventsFeature,
];

/** Every feature of the Brand API, as the runtime serves them. */
export const apiFeatures: readonly Feature[] = createApiFeatures();

/**
 * Mounts the Brand API (`/api/v1`): the contracts' route table, each route's scope check, its
 * validators, and the features' handlers, which call the application layer. Authentication
 * runs before routing (`apiKeyAuthentication` in the app), so an unknown path answers 401 too.
 */
export function mountBrandApi(
  router: RouteRegistry,
  services: AppServices,
  options: { bodyLimitBytes: number; routes?: readonly ApiRoute[]; features?: readonly Feature[] },
): void {
  const routes = options.routes ?? contractRoutes;
  const idempotentWrite = idempotency({
    keys: new IdempotencyKeys(services.db),
    eventStore: services.eventStore,
    clock: services.clock,
    logger: services.logger,
  }) as Middleware<AuthState<ApiKeyPrincipal>>;
  mountOperations<ApiRoute, ApiKeyPrincipal>(router, {
    prefix: apiPrefix,
    operations: routes,
    handlers: collectHandlers(options.features ?? apiFeatures, services, routes),
    authorize: (route) => requireScope(route.scope),
    beforeHandler: (route) => (route.method === 'get' ? undefined : idempotentWrite),
    bodyLimitBytes: options.bodyLimitBytes,
  });
}
