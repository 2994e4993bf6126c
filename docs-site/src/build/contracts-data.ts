/**
 * Build-time extraction of what the guides show, straight from the contracts package: the scope
 * table with the operations that need each scope and the error codes a brand can receive from
 * /api/v1. The API version comes from the bundled
 * OpenAPI document the reference page renders, so both always show the same version.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  API_BASE_PATH,
  errorTable,
  routes,
  scopeTable,
  type ErrorCode,
} from '@brand-api/contracts';
import type { ContractsData } from '../components/contracts-data';

/** Written by `npm run docs:openapi` (redocly bundle of contracts/dist/openapi.json). */
export const BUNDLED_OPENAPI = path.resolve(__dirname, '../../static/openapi.json');

/** Answers of the router itself, before any route runs. */
const ROUTER_ERRORS: readonly ErrorCode[] = ['ROUTE_NOT_FOUND', 'METHOD_NOT_ALLOWED'];

export function readApiVersion(file = BUNDLED_OPENAPI): string {
  try {
    const document = JSON.parse(readFileSync(file, 'utf8')) as { info?: { version?: unknown } };
    if (typeof document.info?.version !== 'string') throw new Error('info.version is missing');
    return document.info.version;
  } catch (error) {
    throw new Error(
      `Cannot read the API version from ${file}: run "npm run docs:build" (it builds and bundles the OpenAPI document first)`,
      { cause: error },
    );
  }
}

/** Codes the Brand API can answer with: every route's declared errors and the router's. */
export function brandApiErrorCodes(): Set<ErrorCode> {
  return new Set<ErrorCode>([...routes.flatMap((route) => route.errors), ...ROUTER_ERRORS]);
}

export function buildContractsData(apiVersion: string = readApiVersion()): ContractsData {
  const codes = brandApiErrorCodes();
  return {
    apiVersion,
    scopes: scopeTable.map((row) => ({
      scope: row.scope,
      description: row.description,
      operations: row.operations.map(
        (operation) => `${operation.method.toUpperCase()} ${API_BASE_PATH}${operation.path}`,
      ),
    })),
    errors: errorTable
      .filter((row) => codes.has(row.code))
      .slice()
      .sort((a, b) => a.statusCode - b.statusCode)
      .map((row) => ({
        code: row.code,
        statusCode: row.statusCode,
        message: row.message,
        description: row.description,
      })),
  };
}
