import type { Middleware } from 'koa';

/** The methods the three APIs answer, for a preflight's `Access-Control-Allow-Methods`. */
export const corsAllowedMethods = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'];

/** The request headers the APIs read, beyond those a browser always allows. */
export const corsAllowedHeaders = [
  'Authorization',
  'Content-Type',
  'Content-Encoding',
  'If-Match',
  'If-None-Match',
  'Idempotency-Key',
  'X-Request-Id',
];

/** The answer headers a page may read: versions, created URLs, request ids, rate limits. */
export const corsExposedHeaders = [
  'ETag',
  'Location',
  'X-Request-Id',
  'RateLimit',
  'RateLimit-Policy',
  'Retry-After',
  'Idempotent-Replayed',
];

/** How long a browser may reuse a preflight's answer, in seconds. */
const preflightMaxAgeSeconds = 600;

/**
 * CORS for the origins of `CORS_ORIGINS` (none by default). A preflight (`OPTIONS` with
 * `Access-Control-Request-Method`) from an allowed origin is answered here, 204 with the
 * `Access-Control-Allow-*` headers, before any authentication: browsers send preflights without
 * credentials, so a preflight must never meet a 401. Other requests from an allowed origin get
 * `Access-Control-Allow-Origin` and the exposed headers, errors included (they are set before
 * the rest of the chain runs, and the error boundary keeps them). A request from any other origin gets no CORS header and goes on as before.
 * Credentials (the community's session cookie) are not allowed cross-origin.
 */
export function cors(origins: readonly string[]): Middleware {
  const allowed = new Set(origins);
  const methods = corsAllowedMethods.join(', ');
  const requestHeaders = corsAllowedHeaders.join(', ');
  const exposed = corsExposedHeaders.join(', ');
  return async function answerCors(ctx, next) {
    if (allowed.size === 0) {
      await next();
      return;
    }
    ctx.vary('Origin');
    const origin = ctx.get('origin');
    if (!allowed.has(origin)) {
      await next();
      return;
    }
    ctx.set('access-control-allow-origin', origin);
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method') !== '') {
      ctx.vary('Access-Control-Request-Method');
      ctx.vary('Access-Control-Request-Headers');
      ctx.set('access-control-allow-methods', methods);
      ctx.set('access-control-allow-headers', requestHeaders);
      ctx.set('access-control-max-age', String(preflightMaxAgeSeconds));
      ctx.status = 204;
      return;
    }
    ctx.set('access-control-expose-headers', exposed);
    await next();
  };
}
