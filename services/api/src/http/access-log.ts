import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { apiErrorFor } from './error-boundary';
import type { RequestIdState } from './request-id';

/** Who called, as far as the access log may say: ids only, never a key, token or cookie. */
interface LoggedPrincipal {
  brandId?: unknown;
  apiKeyId?: unknown;
}

/**
 * One `info` line per request, once its answer is decided: method, path (without the query
 * string, where a sign-in token travels), status, duration in ms, request id, the brand and
 * API key when a key authenticated it, and the error code when the answer is a refusal. Runs
 * inside the error boundary, so a failure passing through is logged with the status and code
 * the boundary answers it with (the same mapping, `apiErrorFor`); this line is how a 4xx is
 * logged.
 */
export function accessLog(logger: Logger): Middleware<RequestIdState & { auth?: unknown }> {
  return async function logAccess(ctx, next) {
    const started = performance.now();
    let failure: { status: number; code: string } | undefined;
    try {
      await next();
    } catch (error) {
      const apiError = apiErrorFor(error);
      failure = { status: apiError.statusCode, code: apiError.code };
      throw error;
    } finally {
      const auth = (ctx.state.auth ?? {}) as LoggedPrincipal;
      logger.info(
        {
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: failure?.status ?? ctx.status,
          ...(failure ? { code: failure.code } : {}),
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          ...(typeof auth.brandId === 'string' ? { brandId: auth.brandId } : {}),
          ...(typeof auth.apiKeyId === 'string' ? { apiKeyId: auth.apiKeyId } : {}),
        },
        'request',
      );
    }
  };
}
