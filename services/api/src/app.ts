import { randomUUID } from 'node:crypto';
import { ApiError, routes as contractRoutes } from '@brand-api/contracts';
import type { Database, EventStore } from '@brand-api/event-store';
import Koa from 'koa';
import type { Logger } from 'pino';
import { adminAuthentication } from './admin/admin-auth';
import type { OperatorPrincipal } from './admin/admin-auth';
import { adminHandlers } from './admin/admin-handlers';
import { adminOperations } from './admin/admin-operations';
import { mountWebhookAdmin } from './admin/webhooks';
import { mountOperatorTools } from './operators';
import { apiKeyAuthentication, requireScope } from './auth/api-key-auth';
import { createApiKeyAuthenticator } from './auth/api-key-authenticator';
import type { ApiKeyPrincipal } from './auth/api-key-authenticator';
import { createCommandRunner } from './commands/command-runner';
import { StreamStates } from './commands/stream-states';
import { mountCommunity } from './community';
import type { ProjectionWaiter } from './commands/command-runner';
import { apiFeatures, collectHandlers } from './features';
import type { ApiRoute, Feature } from './features';
import { maxBodyBytes } from './http/body';
import { errorHandler } from './http/error-handler';
import { healthRoutes } from './http/health';
import { ReadCache } from './http/read-cache';
import type { ReadCacheOptions } from './http/read-cache';
import { mountOperations } from './http/mount-operations';
import type { AnyHandler } from './http/operation';
import { requestId } from './http/request-id';
import { RouteGroups } from './http/route-groups';
import type { AppServices } from './services';

export const apiPrefix = '/api/v1';
export const adminPrefix = '/admin/v1';

export interface AppConfig {
  /** Hex SHA-256 of the operator token; the operator API refuses everyone without it. */
  adminTokenHash: string | undefined;
  /** Read-after-write bound for commands (default 5 s). */
  commandWaitMs?: number;
  bodyLimitBytes?: number;
  /** How long a verified API key is trusted without a lookup (default 2 s). */
  apiKeyCacheTtlMs?: number;
  /** Migration ids `/readyz` requires. */
  migrations?: readonly string[];
  /** `/readyz` fails when the read models need longer than this to reach the log head. */
  readyProjectionsWithinMs?: number;
  /** PUBLIC_URL: magic links and post URLs point at it (default http://localhost:3000). */
  publicUrl?: string;
  /** The catalogue read cache (on where the runner can be observed); `false` turns it off. */
  readCache?: ReadCacheOptions | false;
}

export interface AppDeps {
  db: Database;
  eventStore: EventStore;
  projections: ProjectionWaiter;
  logger: Logger;
  config: AppConfig;
  clock?: () => Date;
  ids?: () => string;
  /** The Brand API operations (default: the contracts' route table). */
  routes?: readonly ApiRoute[];
  /** Features providing handlers by operationId (default: every registered feature). */
  features?: readonly Feature[];
}

export interface BrandApiApp extends Koa {
  services: AppServices;
}

/**
 * Builds the HTTP application. Everything expensive — validators, scope checks, routing —
 * is prepared here once; a request only runs the middleware its route needs.
 */
export function createApp(deps: AppDeps): BrandApiApp {
  const clock = deps.clock ?? (() => new Date());
  const authenticator = createApiKeyAuthenticator({
    db: deps.db,
    ...(deps.config.apiKeyCacheTtlMs === undefined ? {} : { ttlMs: deps.config.apiKeyCacheTtlMs }),
  });
  const catalogueCache = new ReadCache('catalogue', deps.config.readCache || {});
  if (deps.config.readCache !== false) deps.projections.observe?.(catalogueCache);
  const services: AppServices = {
    db: deps.db,
    eventStore: deps.eventStore,
    commands: createCommandRunner({
      eventStore: deps.eventStore,
      projections: deps.projections,
      clock,
      logger: deps.logger,
      ...(deps.config.commandWaitMs === undefined
        ? {}
        : { waitTimeoutMs: deps.config.commandWaitMs }),
    }),
    projections: deps.projections,
    commandWaitMs: deps.config.commandWaitMs ?? 5_000,
    authenticator,
    clock,
    ids: deps.ids ?? randomUUID,
    logger: deps.logger,
    publicUrl: deps.config.publicUrl ?? 'http://localhost:3000',
    catalogueCache,
    streamStates: new StreamStates(),
  };
  const bodyLimitBytes = deps.config.bodyLimitBytes ?? maxBodyBytes;
  const routes = deps.routes ?? contractRoutes;

  const router = new RouteGroups();
  mountOperations<ApiRoute, ApiKeyPrincipal>(router, {
    prefix: apiPrefix,
    operations: routes,
    handlers: collectHandlers(deps.features ?? apiFeatures, services, routes),
    authorize: (route) => requireScope(route.scope),
    bodyLimitBytes,
  });

  mountOperations<(typeof adminOperations)[number], OperatorPrincipal>(router, {
    prefix: adminPrefix,
    operations: adminOperations,
    handlers: adminHandlers(services) as Record<string, AnyHandler | undefined>,
    bodyLimitBytes,
  });
  mountWebhookAdmin(router, services, { adminPrefix, bodyLimitBytes });
  mountOperatorTools(router, services, { adminPrefix, bodyLimitBytes });

  // Community: /community/v1 (member sign-in and commands, session cookie) and admin rooms.
  mountCommunity(router, services, { publicUrl: services.publicUrl, adminPrefix, bodyLimitBytes });

  const app = new Koa() as BrandApiApp;
  app.services = services;
  app.proxy = false;
  app.use(requestId());
  app.use(errorHandler(deps.logger));
  app.use(
    healthRoutes({
      db: deps.db,
      eventStore: deps.eventStore,
      projections: deps.projections,
      migrations: deps.config.migrations ?? [],
      ...(deps.config.readyProjectionsWithinMs === undefined
        ? {}
        : { projectionsWithinMs: deps.config.readyProjectionsWithinMs }),
    }),
  );
  app.use(apiKeyAuthentication(authenticator, apiPrefix));
  app.use(adminAuthentication(deps.config.adminTokenHash, adminPrefix));
  app.use(routeNotMatched);
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}

/** Turns what no route answered into catalogued errors, keeping the router's `Allow` header. */
const routeNotMatched: Koa.Middleware = async (ctx, next) => {
  await next();
  if (ctx.body !== undefined && ctx.body !== null) return;
  if (ctx.status === 405 || ctx.status === 501) {
    throw new ApiError('METHOD_NOT_ALLOWED', {
      message: `Method ${ctx.method} is not allowed here; allowed: ${ctx.response.get('allow')}`,
    });
  }
  if (ctx.status === 404) throw new ApiError('ROUTE_NOT_FOUND');
};
