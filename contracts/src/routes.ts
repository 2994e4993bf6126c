/**
 * The route table of the Brand API: the 22 operations the product defines and the events feed and stream
 * of issue 27. The API mounts exactly these
 * under /api/v1 and the OpenAPI document is generated from them.
 */
import type { Static, TSchema } from 'typebox';
import { brandProductRoutes } from './routes/brand-product-routes';
import { eventRoutes } from './routes/event-routes';
import { brandProductVariantRoutes } from './routes/brand-product-variant-routes';
import { magicLinkRoutes, postRoutes } from './routes/magic-link-and-post-routes';
import { memberGroupRoutes } from './routes/member-group-routes';
import { memberRoutes } from './routes/member-routes';
import type { RouteDefinition } from './routes/route-definition';

export * from './routes/route-definition';
export { routeErrors, type RouteErrorTraits } from './routes/route-errors';

export const API_BASE_PATH = '/api/v1';

/** Routes by operationId, with their literal types kept for typed handlers. */
export const routeTable = {
  ...brandProductVariantRoutes,
  ...brandProductRoutes,
  ...memberRoutes,
  ...memberGroupRoutes,
  ...magicLinkRoutes,
  ...postRoutes,
  ...eventRoutes,
} as const satisfies Record<string, RouteDefinition>;

export type OperationId = keyof typeof routeTable;

export const routes: readonly RouteDefinition[] = Object.values(routeTable);

type Part<
  Op extends OperationId,
  K extends 'params' | 'query' | 'body' | 'response',
> = (typeof routeTable)[Op] extends { [P in K]: infer S extends TSchema } ? Static<S> : undefined;

export type RouteParams<Op extends OperationId> = Part<Op, 'params'>;
export type RouteQuery<Op extends OperationId> = Part<Op, 'query'>;
export type RouteBody<Op extends OperationId> = Part<Op, 'body'>;
export type RouteResponse<Op extends OperationId> = Part<Op, 'response'>;
