/** Scopes and error codes as rows, for the REST guide and the OpenAPI introduction. */
import { errorCatalogue, errorCodes, type ErrorCode } from './error-catalogue';
import { routes, type HttpMethod } from './routes';
import { scopeDescriptions, scopes, type Scope } from './scopes';

export interface ScopeTableRow {
  scope: Scope;
  description: string;
  operations: { operationId: string; method: HttpMethod; path: string }[];
}

export const scopeTable: readonly ScopeTableRow[] = scopes.map((scope) => ({
  scope,
  description: scopeDescriptions[scope],
  operations: routes
    .filter((route) => route.scope === scope)
    .map(({ operationId, method, path }) => ({ operationId, method, path })),
}));

export interface ErrorTableRow {
  code: ErrorCode;
  statusCode: number;
  message: string;
  description: string;
}

export const errorTable: readonly ErrorTableRow[] = errorCodes.map((code) => ({
  code,
  ...errorCatalogue[code],
}));
