import { randomUUID } from 'node:crypto';
import { ApiError } from '@brand-api/contracts';
import { isDatabaseUnavailable } from '@brand-api/event-store';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { commandFailure } from './domain-errors';
import { requestIdHeader } from './request-id';
import type { RequestIdState } from './request-id';

/** Postgres restarts take seconds; the pool reconnects on the first call after that. */
export const databaseRetryAfterSeconds = 2;

/**
 * What a failure is answered with: an `ApiError` as it is; a command the domain refused
 * (`DomainError`) as its rule's catalogue code with pointers to the fields it names; a database
 * that cannot be reached as 503 SERVICE_UNAVAILABLE with `Retry-After` (the caller did nothing
 * wrong and the same call will work once it is back); anything else as 500 INTERNAL, a bug,
 * whose cause is logged and never shown.
 */
export function apiErrorFor(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const refused = commandFailure(error);
  if (refused) return refused;
  if (isDatabaseUnavailable(error)) {
    return new ApiError('SERVICE_UNAVAILABLE', {
      message: 'The database is unavailable; retry shortly',
      cause: error,
      headers: { 'Retry-After': String(databaseRetryAfterSeconds) },
    });
  }
  return new ApiError('INTERNAL', { cause: error });
}

/**
 * The first middleware, so that a throw anywhere after it (request id, access log, security
 * headers, CORS, compression, routes) is answered in our format: `{ message, code, statusCode,
 * requestId }` plus `details` when a field is to blame, with the status and headers the error
 * carries (as Fastify's error handler does). Every error body carries the request id (also in
 * the `x-request-id` header), one made here if the request-id middleware never ran, so support
 * can find the request from what a developer pastes.
 *
 * A 5xx is logged at `error` with its cause; a 4xx is the caller's mistake and is logged by the
 * access log's `info` line, with its code. An answer whose headers are already sent cannot be
 * replaced: the failure goes to the app's `error` event, as Koa does with a stream that fails
 * mid-answer. (A client that hung up is still answered here; Koa then writes nothing.)
 */
export function errorBoundary(logger: Logger): Middleware<Partial<RequestIdState>> {
  return async function answerErrors(ctx, next) {
    try {
      await next();
    } catch (error) {
      const apiError = apiErrorFor(error);
      if (ctx.headerSent) {
        ctx.app.emit('error', error, ctx);
        return;
      }
      const requestId = ctx.state.requestId ?? randomUUID();
      ctx.state.requestId = requestId;
      if (apiError.statusCode >= 500) {
        const where = { requestId, method: ctx.method, path: ctx.path, code: apiError.code };
        if (apiError.code === 'INTERNAL') {
          logger.error({ ...where, err: apiError.cause ?? apiError }, 'request failed');
        } else {
          logger.error({ ...where, err: apiError.cause }, apiError.message);
        }
      }
      // The error body is not the representation a handler or compression may have described.
      ctx.remove('content-encoding');
      ctx.remove('etag');
      ctx.set(requestIdHeader, requestId);
      ctx.set(apiError.headers);
      if (apiError.statusCode === 401) ctx.set('www-authenticate', 'Bearer');
      ctx.status = apiError.statusCode;
      ctx.body = apiError.toBody(requestId);
    }
  };
}

/**
 * Koa's `error` event: what fails outside the middleware chain (a response stream that breaks
 * after its headers went out) is logged with the request it belongs to, not written to stderr.
 */
/**
 * How a client hanging up on a streamed answer shows: the stream closed early, or the socket
 * reset (the client closed it with bytes still unread: a reconnecting event-stream client) or
 * broken while we wrote.
 */
const clientHungUp = new Set<unknown>(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

export function logAppErrors(app: Koa, logger: Logger): void {
  app.on('error', (error: unknown, ctx?: Koa.Context) => {
    // A client that hangs up on a streamed answer (an event stream, an export) ends it early:
    // that is how event streams end, not a failure of ours.
    if (clientHungUp.has((error as { code?: unknown } | null)?.code)) {
      logger.debug(
        { requestId: (ctx?.state as Partial<RequestIdState> | undefined)?.requestId },
        'client closed a streamed answer',
      );
      return;
    }
    const state = ctx?.state as Partial<RequestIdState> | undefined;
    logger.error(
      { err: error, requestId: state?.requestId, method: ctx?.method, path: ctx?.path },
      'response failed',
    );
  });
}
