/**
 * The one catalogue of error codes: every code the three APIs answer with, its status and its
 * default message. Every error response is `{ message, code, statusCode, requestId }`
 * (`errors.ts`, `entities/error-body.ts`); the REST guide renders this table.
 */

export interface ErrorCatalogueEntry {
  statusCode: number;
  /** Default message; a thrower may give a more precise one. */
  message: string;
  /** When a client gets it and what to do, for the REST guide. */
  description: string;
}

export const errorCatalogue = {
  UNAUTHORIZED: {
    statusCode: 401,
    message: 'Missing API key',
    description: 'No `Authorization: Bearer <key>` header was sent.',
  },
  INVALID_API_KEY: {
    statusCode: 401,
    message: 'Invalid API key',
    description: 'The API key is unknown or has been revoked. Ask the brand admin for a new key.',
  },
  FORBIDDEN: {
    statusCode: 403,
    message: 'The API key lacks the scope this call requires',
    description: 'The key is valid but was not issued with the scope named in `details`.',
  },
  NOT_FOUND: {
    statusCode: 404,
    message: 'Resource not found',
    description:
      'No resource with this id exists for your brand. Resources of other brands are reported as not found too.',
  },
  VALIDATION_FAILED: {
    statusCode: 400,
    message: 'The request is invalid',
    description:
      'A path parameter, query parameter or body field breaks a rule; `details` names each failing field.',
  },
  INVALID_JSON: {
    statusCode: 400,
    message: 'The request body is not valid JSON',
    description: 'The body could not be parsed as JSON.',
  },
  CONFLICT: {
    statusCode: 409,
    message: 'A resource with this store id already exists',
    description:
      'A unique value (such as a store id) is already taken, or the resource changed concurrently; fetch it and retry.',
  },
  PRECONDITION_FAILED: {
    statusCode: 412,
    message: 'The resource has changed since the version named in If-Match',
    description:
      'The `If-Match` header names a version (`ETag`) the resource no longer has: someone changed it since you read it, or changed it first when you raced. Nothing was written. GET the resource, reapply your change to what it is now, and send it with the new `ETag`.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    statusCode: 422,
    message: 'This Idempotency-Key was already used for a different request',
    description:
      'An `Idempotency-Key` is bound to the first request sent with it (method, path, `If-Match` and body) for 24 hours. Nothing was written. Send a new request with a new key; retry a request only with exactly what it first sent.',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    statusCode: 409,
    message: 'A request with this Idempotency-Key is still in progress',
    description:
      'The first request sent with this `Idempotency-Key` has not answered yet. Nothing was written by this one. Retry after the seconds in `Retry-After`: you then get the first request’s answer.',
  },
  IDEMPOTENCY_ANSWER_LOST: {
    statusCode: 409,
    message: 'This request was applied, but its answer was lost; read the resource to see it',
    description:
      'The first request sent with this `Idempotency-Key` wrote its change, then failed before its answer was recorded (a crash or an outage). The change stands and is not applied again; `details` names what it wrote (e.g. `product-<id>`). Every retry with this key gets this answer until the key expires.',
  },
  RATE_LIMITED: {
    statusCode: 429,
    message: 'Too many requests',
    description:
      'The rate limit of this call is exhausted (bulk calls: 10 per minute per brand). Retry after the number of seconds in `Retry-After`.',
  },
  PAYLOAD_TOO_LARGE: {
    statusCode: 413,
    message: 'The request body is too large',
    description: 'Request bodies are limited to 1 MB. Split bulk calls into smaller batches.',
  },
  INVALID_BODY_ENCODING: {
    statusCode: 400,
    message: 'The request body could not be decoded with its Content-Encoding',
    description:
      'The body does not match its `Content-Encoding` (`gzip`, `deflate` or `br`): it is not compressed that way, or it is cut short or corrupt. Send it uncompressed, or compress the whole body.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    statusCode: 415,
    message: 'The request body must be JSON',
    description: 'Send bodies with `Content-Type: application/json`.',
  },
  CUSTOM_AUTH_NOT_ENABLED: {
    statusCode: 403,
    message: 'Custom authentication is not enabled for this brand',
    description:
      'Magic links are only available to brands that use custom authentication; a link issued before the brand switched it off no longer signs anyone in.',
  },
  EMAIL_VERIFICATION_NOT_ALLOWED: {
    statusCode: 403,
    message: 'isEmailVerified can only be set by brands using custom authentication',
    description:
      'Without custom authentication the community verifies email addresses itself, so the API cannot set `isEmailVerified`.',
  },
  ROUTE_NOT_FOUND: {
    statusCode: 404,
    message: 'No such route',
    description: 'The path does not exist in this version of the API.',
  },
  METHOD_NOT_ALLOWED: {
    statusCode: 405,
    message: 'Method not allowed',
    description: 'The path exists but not with this HTTP method; `Allow` lists the methods it has.',
  },
  SESSION_REQUIRED: {
    statusCode: 401,
    message: 'Sign-in required',
    description: 'Community calls need the session cookie set when a member signs in.',
  },
  MEMBER_BANNED: {
    statusCode: 403,
    message: 'This member is banned',
    description:
      'Banned members cannot post, comment or like, and cannot get or follow a sign-in link (`POST /magic-link` answers 403 with this code).',
  },
  ORIGIN_NOT_ALLOWED: {
    statusCode: 403,
    message: 'Requests from another site are refused',
    description:
      "Community calls that change something and carry the session cookie must come from the community's own site: a browser request whose `Origin` (or, without one, `Sec-Fetch-Site`) names another site is refused, so no other site can act for a signed-in member.",
  },
  ROLE_REQUIRED: {
    statusCode: 403,
    message: 'Only moderators and admins can do this',
    description: 'The signed-in member has the CUSTOMER role.',
  },
  SIGN_UP_NOT_ALLOWED: {
    statusCode: 403,
    message: 'This brand signs members in through its own authentication',
    description: 'Brands with custom authentication create members through magic links only.',
  },
  MAGIC_LINK_INVALID: {
    statusCode: 404,
    message: 'This sign-in link is not valid',
    description: 'The token is unknown. Ask the brand for a new link.',
  },
  MAGIC_LINK_EXPIRED: {
    statusCode: 410,
    message: 'This sign-in link has expired',
    description: 'Magic links are valid for 15 minutes. Ask the brand for a new link.',
  },
  MAGIC_LINK_USED: {
    statusCode: 410,
    message: 'This sign-in link has already been used',
    description: 'Magic links work once. Ask the brand for a new link.',
  },
  ADMIN_UNAUTHORIZED: {
    statusCode: 401,
    message: 'Missing or invalid admin token',
    description: 'The operator API (`/admin/v1`) needs `Authorization: Bearer <ADMIN_TOKEN>`.',
  },
  WEBHOOK_TARGET_NOT_ALLOWED: {
    statusCode: 400,
    message:
      'Webhook URLs must point at a public address; to allow private and loopback targets, start the server with WEBHOOK_ALLOW_PRIVATE_TARGETS=true',
    description:
      'Private, loopback and link-local targets are refused unless the server runs with `WEBHOOK_ALLOW_PRIVATE_TARGETS=true` (local receivers, tests, private deployments).',
  },
  REQUEST_TIMEOUT: {
    statusCode: 408,
    message: 'The request did not arrive in time',
    description:
      'The request headers did not arrive within 10 s, or the whole request (headers and body) within 30 s. The connection is closed; send the request again.',
  },
  HEADERS_TOO_LARGE: {
    statusCode: 431,
    message: 'The request headers are too large',
    description: 'The request line and headers together exceed 16 KB. The connection is closed.',
  },
  MALFORMED_REQUEST: {
    statusCode: 400,
    message: 'The request is not valid HTTP/1.1',
    description:
      'The request could not be parsed as HTTP (a bad request line, header or chunk). The connection is closed.',
  },
  INTERNAL: {
    statusCode: 500,
    message: 'Internal server error',
    description: 'An unexpected failure. Nothing internal is revealed; quote the request id.',
  },
  WRITE_NOT_APPLIED: {
    statusCode: 503,
    message: 'The write was recorded but could not be applied; operators have been alerted',
    description:
      'The change is in the event log, but a read model failed on it and set it aside, so reads do not show it yet. Operators are alerted and can apply it after a fix; quote the request id. Retrying the same call does not help until then.',
  },
  SERVICE_UNAVAILABLE: {
    statusCode: 503,
    message: 'Service unavailable',
    description:
      'The database is unavailable (the answer then has `Retry-After`, in seconds), or a write was not visible in time. Retry with backoff; a write may have been applied, so read before retrying a create.',
  },
} as const satisfies Record<string, ErrorCatalogueEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}
