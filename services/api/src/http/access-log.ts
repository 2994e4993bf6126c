import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { RequestIdState } from './request-id';

/** Who called, as far as the access log may say: ids only, never a key, token or cookie. */
interface LoggedPrincipal {
  brandId?: unknown;
  apiKeyId?: unknown;
}

/**
 * One `info` line per request, once its answer is decided: method, path (without the query
 * string, where a sign-in token travels), status, duration in ms, request id, and the brand and
 * API key when a key authenticated it. Runs inside the request-id middleware and outside the
 * error handler, so failures are logged with the status they were answered with.
 */
export function accessLog(logger: Logger): Middleware<RequestIdState & { auth?: unknown }> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const auth = (ctx.state.auth ?? {}) as LoggedPrincipal;
      logger.info(
        {
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          ...(typeof auth.brandId === 'string' ? { brandId: auth.brandId } : {}),
          ...(typeof auth.apiKeyId === 'string' ? { apiKeyId: auth.apiKeyId } : {}),
        },
        'request',
      );
    }
  };
}
