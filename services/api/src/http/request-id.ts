import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

export const requestIdHeader = 'x-request-id';

/** A caller's id is kept when it is short and plain enough to log and echo safely. */
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

export interface RequestIdState {
  requestId: string;
}

/**
 * Right inside the error boundary: every response, failures included, carries the request id,
 * so a brand's developer can quote it and we can find the log line.
 */
export function requestId(generate: () => string = randomUUID): Middleware<RequestIdState> {
  return async function assignRequestId(ctx, next) {
    const incoming = ctx.get(requestIdHeader);
    const id = saneRequestId.test(incoming) ? incoming : generate();
    ctx.state.requestId = id;
    ctx.set(requestIdHeader, id);
    await next();
  };
}
