import { ApiError } from '@brand-api/contracts';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { NotImplementedError } from './not-implemented';
import type { RequestIdState } from './request-id';

/**
 * The one place failures become responses: `{ message, code, statusCode }` plus `details`
 * when a field is to blame. Anything that is not an `ApiError` is a bug: it is logged with
 * its stack and answered as 500 INTERNAL without revealing what went wrong.
 */
export function errorHandler(logger: Logger): Middleware<RequestIdState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof NotImplementedError) {
        ctx.status = error.statusCode;
        ctx.body = error.toBody();
        return;
      }
      const apiError =
        error instanceof ApiError ? error : new ApiError('INTERNAL', { cause: error });
      const where = { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path };
      if (!(error instanceof ApiError)) logger.error({ ...where, err: error }, 'request failed');
      else if (apiError.statusCode >= 500)
        logger.warn({ ...where, code: apiError.code }, apiError.message);
      ctx.status = apiError.statusCode;
      // The id is always in the response header; 5xx bodies repeat it because that is when a
      // developer needs to quote it. Client errors keep the exact documented body.
      ctx.body = apiError.toBody(apiError.statusCode >= 500 ? ctx.state.requestId : undefined);
      if (apiError.statusCode === 401) ctx.set('www-authenticate', 'Bearer');
    }
  };
}
