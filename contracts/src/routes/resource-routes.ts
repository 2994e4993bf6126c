import type { TObject, TSchema } from 'typebox';
import type { ErrorCode } from '../error-catalogue';
import { BulkSyncResponse } from '../requests/bulk-sync';
import { IdParams, SuccessResponse } from '../requests/common';
import type { Scope } from '../scopes';
import { defineRoute, type HttpMethod, type RouteTag } from './route-definition';
import { routeErrors } from './route-errors';

/** A collection the Brand API serves under one path, e.g. `/brand-products`. */
export interface Resource<Path extends string> {
  tag: RouteTag;
  path: Path;
  /** The resource in the summaries: `Get a brand product`, `List brand products` (plural + s). */
  noun: string;
  read: Scope;
  write: Scope;
  /** The scope of update and delete where the product spells it apart from `write` (member groups). */
  change?: Scope;
}

interface Described<Id extends string> {
  /** The operation's own name: it stays written out so a search for it finds its route. */
  operationId: Id;
  description: string;
}

/**
 * The operations of a collection resource. List, create, get, update, delete and bulk each take
 * the same method, path, status, version handling and errors for every resource; a resource
 * names only its schemas, its descriptions and what it does apart (a unique store id, an extra
 * error).
 */
export function resourceRoutes<const Path extends string>(resource: Resource<Path>) {
  const { tag, path, noun, read, write, change = write } = resource;
  const byId = `${path}/{id}` as const;

  /** What every operation starts with: its name, method and path, its words, its scope. */
  const operation = <const Id extends string, const M extends HttpMethod, const P extends string>(
    route: Described<Id>,
    method: M,
    at: P,
    summary: string,
    scope: Scope,
  ) => ({
    operationId: route.operationId,
    method,
    path: at,
    summary,
    description: route.description,
    tag,
    scope,
  });

  return {
    list: <const Id extends string, const Q extends TObject, const R extends TSchema>(
      route: Described<Id> & { query: Q; response: R },
    ) =>
      defineRoute({
        ...operation(route, 'get', path, `List ${noun}s`, read),
        query: route.query,
        successStatus: 200,
        response: route.response,
        errors: routeErrors({ validated: true }),
      }),

    /** `unique`: the body carries a value unique within the brand (409 `CONFLICT`). */
    create: <const Id extends string, const B extends TSchema, const R extends TSchema>(
      route: Described<Id> & { body: B; response: R; unique?: true },
    ) =>
      defineRoute({
        ...operation(route, 'post', path, `Create a ${noun}`, write),
        body: route.body,
        successStatus: 201,
        location: `/api/v1${byId}`,
        response: route.response,
        versioned: true,
        errors: routeErrors({ writes: true, body: true, unique: route.unique }),
      }),

    get: <const Id extends string, const R extends TSchema>(
      route: Described<Id> & { response: R },
    ) =>
      defineRoute({
        ...operation(route, 'get', byId, `Get a ${noun}`, read),
        params: IdParams,
        successStatus: 200,
        response: route.response,
        versioned: true,
        errors: routeErrors({ validated: true, byId: true }),
      }),

    update: <const Id extends string, const B extends TSchema, const R extends TSchema>(
      route: Described<Id> & { body: B; response: R; extraErrors?: readonly ErrorCode[] },
    ) =>
      defineRoute({
        ...operation(route, 'patch', byId, `Update a ${noun}`, change),
        params: IdParams,
        body: route.body,
        successStatus: 200,
        response: route.response,
        versioned: true,
        errors: routeErrors({
          ifMatch: true,
          writes: true,
          body: true,
          byId: true,
          extra: route.extraErrors,
        }),
      }),

    delete: <const Id extends string>(route: Described<Id>) =>
      defineRoute({
        ...operation(route, 'delete', byId, `Delete a ${noun}`, change),
        params: IdParams,
        successStatus: 200,
        response: SuccessResponse,
        versioned: true,
        errors: routeErrors({ ifMatch: true, writes: true, validated: true, byId: true }),
      }),

    /** Upserts and deletes by store id in one call, under its own rate limit. */
    bulk: <const Id extends string, const B extends TSchema>(route: Described<Id> & { body: B }) =>
      defineRoute({
        ...operation(route, 'post', `${path}/bulk`, `Bulk upsert and delete ${noun}s`, write),
        body: route.body,
        successStatus: 200,
        response: BulkSyncResponse,
        errors: routeErrors({ writes: true, body: true, rateLimited: true }),
        rateLimit: 'bulk',
      }),
  };
}

/** Routes keyed by their operationId, as the route table holds them. */
export function byOperationId<const Routes extends readonly { operationId: string }[]>(
  ...routes: Routes
): { [R in Routes[number] as R['operationId']]: R } {
  return Object.fromEntries(routes.map((route) => [route.operationId, route])) as {
    [R in Routes[number] as R['operationId']]: R;
  };
}
