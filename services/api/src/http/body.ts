import { ApiError } from '@brand-api/contracts';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';

export const maxBodyBytes = 1024 * 1024;

/**
 * How deep arrays and objects may nest in a body. Our deepest request body nests 4 levels; a
 * deeper one is refused before any check walks it (a walk that recursed would overflow the
 * stack at a few thousand levels, and `JSON.parse` itself accepts far more).
 */
export const maxJsonDepth = 32;

/**
 * Reads a JSON body for routes that take one. Only JSON is accepted; the size limit holds for
 * the decoded body, so a compressed request cannot expand past it. Parser failures become
 * catalogued errors here, where their cause is still known.
 */
export function jsonBody(limitBytes = maxBodyBytes): Middleware {
  const parse = koaBody({
    json: true,
    jsonStrict: true,
    jsonLimit: limitBytes,
    urlencoded: false,
    text: false,
    multipart: false,
    patchNode: false,
    patchKoa: true,
  });
  const parseOnly = () => Promise.resolve();
  return async (ctx, next) => {
    if (hasBody(ctx)) {
      if (!ctx.is('application/json', '+json')) {
        throw new ApiError('UNSUPPORTED_MEDIA_TYPE', {
          message: `The request body must be JSON (Content-Type: application/json), not ${
            ctx.get('content-type') || 'an unspecified type'
          }`,
        });
      }
      try {
        await parse(ctx, parseOnly);
      } catch (error) {
        throw bodyError(error, ctx.get('content-encoding'), ctx.req.destroyed);
      }
      if (nestsDeeperThan(ctx.request.body, maxJsonDepth)) {
        throw new ApiError('INVALID_JSON', {
          message: `The request body nests arrays and objects deeper than ${maxJsonDepth} levels`,
        });
      }
    } else {
      ctx.request.body = undefined;
    }
    await next();
  };
}

/** Whether arrays and objects in `value` nest deeper than `max` (walked without recursion). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

function hasBody(ctx: Context): boolean {
  const length = ctx.get('content-length');
  return ctx.get('transfer-encoding') !== '' || (length !== '' && length !== '0');
}

/** The catalogued error for a failure of the body reader (exported for its unit spec). */
export function bodyError(error: unknown, contentEncoding: string, closed: boolean): ApiError {
  const { type } = error as { type?: unknown };
  // A client that closed its connection before the body was read (raw-body finds the stream
  // no longer readable and calls that a 500) gets what an abort during the read gets: a 400
  // nobody reads, logged as a client's error, not as ours.
  const status =
    closed && type === 'stream.not.readable' ? 400 : (error as { status?: unknown }).status;
  // The body reader gives every error of its own an HTTP status (aborted, too large, bad
  // JSON); one without a status while a compressed body is read comes from zlib or brotli
  // failing on the bytes (Z_DATA_ERROR, Z_BUF_ERROR): the client's mistake, not ours.
  if (status === undefined && contentEncoding !== '') {
    return new ApiError('INVALID_BODY_ENCODING', {
      message: `The request body could not be decoded as ${contentEncoding}`,
      cause: error,
    });
  }
  if (status === 413) {
    return new ApiError('PAYLOAD_TOO_LARGE', { cause: error });
  }
  if (status === 415) {
    // Unsupported charset or content-encoding.
    const message = error instanceof Error ? error.message : undefined;
    return new ApiError('UNSUPPORTED_MEDIA_TYPE', {
      ...(message ? { message: `The request body cannot be decoded: ${message}` } : {}),
      cause: error,
    });
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const reason = error instanceof SyntaxError ? error.message : 'the body could not be read';
    return new ApiError('INVALID_JSON', {
      message: `The request body is not valid JSON: ${reason}`,
      cause: error,
    });
  }
  return error instanceof ApiError ? error : new ApiError('INTERNAL', { cause: error });
}
