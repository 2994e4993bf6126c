import { ApiError } from '@brand-api/contracts';
import { isDatabaseUnavailable } from '@brand-api/event-store';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { commandFailure } from './domain-errors';
import type { RequestIdState } from './request-id';

/** Postgres restarts take seconds; the pool reconnects on the first call after that. */
export const databaseRetryAfterSeconds = 2;

/**
 * The one place failures become responses: `{ message, code, statusCode }` plus `details`
 * when a field is to blame. A command the domain refused (`DomainError`) is answered with its
 * rule's catalogue code and pointers to the fields it names. A database that cannot be reached is 503 SERVICE_UNAVAILABLE with
 * `Retry-After`: the caller did nothing wrong and the same call will work once it is back.
 * Anything else that is not an `ApiError` is a bug: it is logged with its stack and answered as
 * 500 INTERNAL without revealing what went wrong.
 */
export function errorHandler(logger: Logger): Middleware<RequestIdState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const unavailable = !(error instanceof ApiError) && isDatabaseUnavailable(error);
      const apiError =
        error instanceof ApiError
          ? error
          : (commandFailure(error) ??
            (unavailable
              ? new ApiError('SERVICE_UNAVAILABLE', {
                  message: 'The database is unavailable; retry shortly',
                  cause: error,
                })
              : new ApiError('INTERNAL', { cause: error })));
      const where = { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path };
      if (apiError.code === 'INTERNAL') {
        logger.error({ ...where, err: apiError.cause ?? apiError }, 'request failed');
      } else if (apiError.statusCode >= 500) {
        logger.warn({ ...where, code: apiError.code, err: apiError.cause }, apiError.message);
      }
      if (unavailable) ctx.set('retry-after', String(databaseRetryAfterSeconds));
      ctx.status = apiError.statusCode;
      // Every error body carries the request id (also in the x-request-id header): support can
      // find the request from what a developer pastes, whatever the status.
      ctx.body = apiError.toBody(ctx.state.requestId);
      if (apiError.statusCode === 401) ctx.set('www-authenticate', 'Bearer');
    }
  };
}
