import { routes as contractRoutes } from '@brand-api/contracts';
import type { Middleware } from 'koa';
import { mountOperations } from '../http/mount-operations';
import type { AuthState, RouteRegistry } from '../http/mount-operations';
import type { AppServices } from '../services';
import { requireScope } from './auth/api-key-auth';
import type { ApiKeyPrincipal } from './auth/api-key-authenticator';
import { catalogueFeature } from './catalogue';
import { communityFeature } from './community';
import { collectHandlers } from './feature';
import { IdempotencyKeys, idempotency } from './idempotency';
import type { ApiRoute, Feature } from './feature';

export type { ApiHandlers, ApiRoute, Feature } from './feature';
export { idempotencyMigrations } from './idempotency';

export const apiPrefix = '/api/v1';

/**
 * Every feature of the Brand API. Adding one is one line here; its routes, scopes and
 * validation come from the contracts' route table, so nothing else changes.
 */
export const apiFeatures: readonly Feature[] = [catalogueFeature, communityFeature];

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
