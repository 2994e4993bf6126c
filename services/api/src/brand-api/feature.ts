import type { OperationId, routeTable, Scope } from '@brand-api/contracts';
import type { ApiKeyPrincipal } from './auth/api-key-authenticator';
import type { AnyHandler, Operation, OperationHandler } from '../http/operation';
import type { AppServices } from '../services';

/** An operation of the Brand API route table (contracts' `RouteDefinition` satisfies it). */
export interface ApiRoute extends Operation {
  scope: Scope;
}

/** Handlers keyed by operationId, each typed by its route: params, query, body and response. */
export type ApiHandlers = {
  [Id in OperationId]?: OperationHandler<(typeof routeTable)[Id], ApiKeyPrincipal>;
};

/**
 * A feature module gives handlers for some operations of the route table. Register it in
 * `createApiFeatures` (`brand-api/index.ts`); an operation of the table that no feature handles
 * is a wiring bug, and the app refuses to start (`mountOperations`).
 */
export interface Feature {
  name: string;
  handlers(services: AppServices): ApiHandlers;
}

/** Merges the features' handlers; two features answering one operation is a wiring bug. */
export function collectHandlers(
  features: readonly Feature[],
  services: AppServices,
  routes: readonly ApiRoute[],
): Record<string, AnyHandler | undefined> {
  const known = new Set(routes.map((route) => route.operationId));
  const owners = new Map<string, string>();
  const handlers: Record<string, AnyHandler | undefined> = {};
  for (const feature of features) {
    const provided = feature.handlers(services) as Record<string, AnyHandler | undefined>;
    for (const [operationId, handler] of Object.entries(provided)) {
      if (handler === undefined) continue;
      if (!known.has(operationId)) {
        throw new Error(`Feature '${feature.name}' handles unknown operation '${operationId}'`);
      }
      const owner = owners.get(operationId);
      if (owner !== undefined) {
        throw new Error(
          `Operation '${operationId}' is handled by both '${owner}' and '${feature.name}'`,
        );
      }
      owners.set(operationId, feature.name);
      handlers[operationId] = handler;
    }
  }
  return handlers;
}
