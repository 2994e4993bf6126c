import { randomUUID } from 'node:crypto';
import {
  ApiError,
  buildCommunityOpenApi,
  buildOpenApi,
  buildOperatorOpenApi,
} from '@brand-api/contracts';
import { CommandEngine, StreamStates } from '@brand-api/event-store';
import type { Database, EventStore, ProjectionWaiter } from '@brand-api/event-store';
import { targetPolicyFromEnv } from '@brand-api/webhooks';
import type { TargetPolicy } from '@brand-api/webhooks';
import Koa from 'koa';
import type { Logger } from 'pino';
import { createApplication } from './application';
import { apiPrefix, mountBrandApi } from './brand-api';
import type { ApiRoute, Feature } from './brand-api';
import { apiKeyAuthentication } from './brand-api/auth/api-key-auth';
import { createApiKeyAuthenticator } from './brand-api/auth/api-key-authenticator';
import { communityPrefix, mountCommunityApi } from './community-api';
import { accessLog } from './http/access-log';
import { maxBodyBytes } from './http/body';
import { compression } from './http/compression';
import { conditionalGet } from './http/conditional';
import { cors } from './http/cors';
import { errorBoundary, logAppErrors } from './http/error-boundary';
import { healthRoutes } from './http/health';
import { openApiDocument } from './http/openapi-document';
import { ReadCache } from './http/read-cache';
import type { ReadCacheOptions } from './http/read-cache';
import { requestId } from './http/request-id';
import { RouteGroups } from './http/route-groups';
import { securityHeaders } from './http/security-headers';
import { surfaces } from './http/surfaces';
import { adminPrefix, mountOperatorApi } from './operator-api';
import { adminAuthentication } from './operator-api/operator-auth';
import type { AppServices } from './services';

export { adminPrefix, apiPrefix };

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
  /**
   * MEMBERS_URL: the members' front end, where redeemed magic links and post URLs lead. When
   * absent they lead to the API's own landing page, which says so.
   */
  membersUrl?: string;
  /** The catalogue read cache (on where the runner can be observed); `false` turns it off. */
  readCache?: ReadCacheOptions | false;
  /** CORS_ORIGINS: the origins whose pages may call the APIs (none by default). */
  corsOrigins?: readonly string[];
  /** Which webhook targets are allowed (default: WEBHOOK_ALLOW_PRIVATE_TARGETS, read each time). */
  webhookTargetPolicy?: () => TargetPolicy;
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
 * Builds the HTTP application: the one command engine and the application layer above it,
 * then the three API surfaces (`/api/v1`, `/community/v1`, `/admin/v1`) as thin routes into
 * it. Everything expensive — validators, scope checks, routing — is prepared here once; a
 * request only runs the middleware its route needs.
 */
export function createApp(deps: AppDeps): BrandApiApp {
  const clock = deps.clock ?? (() => new Date());
  const ids = deps.ids ?? randomUUID;
  const publicUrl = deps.config.publicUrl ?? 'http://localhost:3000';
  const authenticator = createApiKeyAuthenticator({
    db: deps.db,
    ...(deps.config.apiKeyCacheTtlMs === undefined ? {} : { ttlMs: deps.config.apiKeyCacheTtlMs }),
  });
  const catalogueCache = new ReadCache('catalogue', deps.config.readCache || {});
  if (deps.config.readCache !== false) deps.projections.observe(catalogueCache);
  const engine = new CommandEngine({
    eventStore: deps.eventStore,
    projections: deps.projections,
    clock,
    logger: deps.logger,
    states: new StreamStates(),
    ...(deps.config.commandWaitMs === undefined
      ? {}
      : { waitTimeoutMs: deps.config.commandWaitMs }),
  });
  const application = createApplication({
    engine,
    eventStore: deps.eventStore,
    db: deps.db,
    ids,
    clock,
    publicUrl: () => publicUrl,
    webhookTargetPolicy:
      deps.config.webhookTargetPolicy ?? (() => targetPolicyFromEnv(process.env)),
    logger: deps.logger,
  });
  const services: AppServices = {
    application,
    db: deps.db,
    eventStore: deps.eventStore,
    projections: deps.projections,
    authenticator,
    clock,
    ids,
    logger: deps.logger,
    publicUrl,
    membersUrl: deps.config.membersUrl,
    catalogueCache,
  };
  const bodyLimitBytes = deps.config.bodyLimitBytes ?? maxBodyBytes;

  const router = new RouteGroups();
  mountBrandApi(router, services, {
    bodyLimitBytes,
    ...(deps.routes ? { routes: deps.routes } : {}),
    ...(deps.features ? { features: deps.features } : {}),
  });
  mountCommunityApi(router, services, { bodyLimitBytes });
  mountOperatorApi(router, services, { bodyLimitBytes });

  const app = new Koa() as BrandApiApp;
  app.services = services;
  app.proxy = false;
  logAppErrors(app, deps.logger);
  // First, so that a throw in any middleware below is answered in our format with a request id.
  app.use(errorBoundary(deps.logger));
  app.use(requestId());
  app.use(accessLog(deps.logger));
  app.use(securityHeaders());
  app.use(cors(deps.config.corsOrigins ?? []));
  app.use(compression());
  app.use(conditionalGet());
  const health = healthRoutes({
    db: deps.db,
    eventStore: deps.eventStore,
    projections: deps.projections,
    migrations: deps.config.migrations ?? [],
    ...(deps.config.readyProjectionsWithinMs === undefined
      ? {}
      : { projectionsWithinMs: deps.config.readyProjectionsWithinMs }),
  });
  app.use(
    surfaces(
      [
        {
          prefix: apiPrefix,
          middleware: [apiKeyAuthentication(authenticator)],
        },
        {
          prefix: adminPrefix,
          middleware: [
            adminAuthentication(deps.config.adminTokenHash),
            openApiDocument(`${adminPrefix}/openapi.json`, buildOperatorOpenApi),
          ],
        },
      ],
      {
        '/healthz': health,
        '/readyz': health,
        // Public: the documents of the Brand and community APIs (the operator's is behind its token).
        [`${apiPrefix}/openapi.json`]: openApiDocument(`${apiPrefix}/openapi.json`, buildOpenApi),
        [`${communityPrefix}/openapi.json`]: openApiDocument(
          `${communityPrefix}/openapi.json`,
          buildCommunityOpenApi,
        ),
      },
    ),
  );
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
