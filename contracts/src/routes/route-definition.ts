import type { TObject, TSchema } from 'typebox';
import type { ErrorCode } from '../error-catalogue';
import type { Scope } from '../scopes';

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

export const routeTags = {
  'Brand products':
    'Catalogue products synchronised from the brand’s store, keyed by their store id.',
  'Brand product variants':
    'Purchasable variants of brand products; a variant belongs to the product with its productStoreId.',
  Members:
    'Members of the brand’s community: read them, ban them, verify emails, set their groups.',
  'Member groups': 'Named groups of members with an optional badge.',
  'Magic link': 'Sign-in links for brands that authenticate members themselves (custom auth).',
  Posts: 'Posts made by members in community rooms.',
  Events:
    'What happened in the community, as the webhooks tell it: a feed to page through and a live stream (Server-Sent Events), with the webhooks’ ids and bodies.',
} as const;
export type RouteTag = keyof typeof routeTags;

/**
 * One operation of the Brand API. The API builds its router, authentication, scope checks and
 * validators from these; the OpenAPI document is generated from them too, so the two agree.
 */
export interface RouteDefinition {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI style, relative to /api/v1, e.g. `/brand-products/{id}`. */
  path: string;
  summary: string;
  description: string;
  tag: RouteTag;
  scope: Scope;
  params?: TObject;
  /**
   * Query strings arrive as text: `compileQueryCoercion` (query-strings.ts) converts exact
   * spellings and fills defaults before checking.
   */
  query?: TObject;
  body?: TSchema;
  successStatus: 200 | 201;
  /**
   * The URL of the resource a 201 created, sent as `Location`: an absolute path template whose
   * `{name}` is the request's path parameter of that name, or else the answer's `data.name`.
   */
  location?: string;
  /**
   * The JSON answer; with `eventStream`, the `data:` of each event of a `text/event-stream`
   * answer (Server-Sent Events, resumed with `Last-Event-ID`).
   */
  response: TSchema;
  eventStream?: true;
  /** Every catalogued error the operation can answer, besides ROUTE_NOT_FOUND and friends. */
  errors: readonly ErrorCode[];
  /**
   * The route addresses one resource whose version travels as a strong `ETag` (its event stream's
   * version): a GET answers it and 304 to a matching `If-None-Match`, a POST or PATCH answers the
   * version it wrote, and a PATCH or DELETE takes `If-Match` (412 `PRECONDITION_FAILED`).
   */
  versioned?: true;
  /** `bulk`: 10 requests per minute per brand, counted separately for each bulk operation. */
  rateLimit?: 'bulk';
}

/** Identity that keeps a route's literal types (schemas, operationId) for typed handlers. */
export function defineRoute<const R extends RouteDefinition>(route: R): R {
  return route;
}
