import type { ErrorCode } from '../errors';

/** Every authenticated operation: key missing, key wrong or revoked, scope missing, failures. */
const authenticated: readonly ErrorCode[] = [
  'UNAUTHORIZED',
  'INVALID_API_KEY',
  'FORBIDDEN',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
];

/** What goes wrong reading a JSON body before it is validated. */
const jsonBody: readonly ErrorCode[] = [
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
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
  extra?: readonly ErrorCode[];
}

/** The error list of a route from what it does, so routes cannot forget a common one. */
export function routeErrors(traits: RouteErrorTraits): ErrorCode[] {
  const codes = new Set<ErrorCode>(authenticated);
  if (traits.validated || traits.body) codes.add('VALIDATION_FAILED');
  if (traits.body) jsonBody.forEach((code) => codes.add(code));
  if (traits.byId) codes.add('NOT_FOUND');
  if (traits.unique) codes.add('CONFLICT');
  if (traits.rateLimited) codes.add('RATE_LIMITED');
  traits.extra?.forEach((code) => codes.add(code));
  return [...codes];
}
