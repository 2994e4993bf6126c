import type { ErrorCode } from '../error-catalogue';

/** Every authenticated operation: key missing, key wrong or revoked, scope missing, failures. */
const authenticated: readonly ErrorCode[] = [
  'UNAUTHORIZED',
  'INVALID_API_KEY',
  'FORBIDDEN',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
];

/** Answers of the HTTP server to any request that never reaches a route (too slow, too big, not HTTP). */
export const anyRequest: readonly ErrorCode[] = [
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
  'MALFORMED_REQUEST',
];

/** What goes wrong reading a JSON body before it is validated. */
export const jsonBody: readonly ErrorCode[] = [
  'INVALID_JSON',
  'INVALID_BODY_ENCODING',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
];

/** What an `Idempotency-Key` can answer (every write takes one). */
export const idempotencyErrors: readonly ErrorCode[] = [
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_ANSWER_LOST',
];

export interface RouteErrorTraits {
  /** Has path params, a query or a body: each is validated. */
  validated?: boolean;
  body?: boolean;
  /** Addresses one resource by id. */
  byId?: boolean;
  /** Takes a unique value (store id). */
  unique?: boolean;
  rateLimited?: boolean;
  /** Takes `If-Match`: a stale version answers PRECONDITION_FAILED. */
  ifMatch?: boolean;
  /**
   * Changes state: its event may be set aside by a read model (WRITE_NOT_APPLIED), and it takes
   * an `Idempotency-Key`.
   */
  writes?: boolean;
  extra?: readonly ErrorCode[];
}

/** The error list of a route from what it does, so routes cannot forget a common one. */
export function routeErrors(traits: RouteErrorTraits): ErrorCode[] {
  const codes = new Set<ErrorCode>([...authenticated, ...anyRequest]);
  if (traits.validated || traits.body) codes.add('VALIDATION_FAILED');
  if (traits.body) jsonBody.forEach((code) => codes.add(code));
  if (traits.byId) codes.add('NOT_FOUND');
  if (traits.unique) codes.add('CONFLICT');
  if (traits.rateLimited) codes.add('RATE_LIMITED');
  if (traits.ifMatch) codes.add('PRECONDITION_FAILED');
  if (traits.writes) {
    codes.add('VALIDATION_FAILED'); // a malformed `Idempotency-Key`
    idempotencyErrors.forEach((code) => codes.add(code));
    codes.add('WRITE_NOT_APPLIED');
  }
  traits.extra?.forEach((code) => codes.add(code));
  return [...codes];
}
