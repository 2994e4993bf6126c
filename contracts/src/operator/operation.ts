/**
 * An HTTP operation outside the Brand API document: the operator API (`/admin/v1`) and the
 * community API (`/community/v1`). The server mounts these and `brandctl` calls them, so both
 * sides take their request and response types from one definition.
 */
import type { Static, TObject, TSchema } from 'typebox';
import type { ErrorCode } from '../error-catalogue';
import type { HttpMethod } from '../routes/route-definition';

export interface OperationContract {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI style, relative to the mount prefix, e.g. `/brands/{brandId}`. */
  path: string;
  /** One line for the API's OpenAPI document. */
  summary: string;
  description: string;
  /**
   * Catalogued errors beyond those its API gives every operation (authentication, validation of
   * the parts it has, reading a JSON body, NOT_FOUND for a path naming a resource).
   */
  errors?: readonly ErrorCode[];
  /** A 201's `Location` template, as a Brand API route's (`RouteDefinition.location`). */
  location?: string;
  params?: TObject;
  /** Query strings arrive as strings: the server converts them and applies defaults first. */
  query?: TObject;
  body?: TSchema;
  successStatus: number;
  /** The JSON answer; absent for redirects, empty answers, pages and streams (NDJSON export). */
  response?: TSchema;
  /** The answer is an HTML page for a person (the members' landing page), not JSON. */
  html?: true;
}

/** Identity that keeps an operation's literal types (schemas, operationId). */
export const defineOperation = <const O extends OperationContract>(operation: O): O => operation;

type Part<
  O extends OperationContract,
  K extends 'params' | 'query' | 'body' | 'response',
> = O[K] extends TSchema ? Static<O[K]> : undefined;

export type OperationParams<O extends OperationContract> = Part<O, 'params'>;
export type OperationQuery<O extends OperationContract> = Part<O, 'query'>;
export type OperationBody<O extends OperationContract> = Part<O, 'body'>;
export type OperationResponse<O extends OperationContract> = Part<O, 'response'>;
