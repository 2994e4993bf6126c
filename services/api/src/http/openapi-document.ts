import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';

/**
 * Serves an OpenAPI document at `path` (GET and HEAD). The document is built and serialised
 * once, on the first request, and kept: it only changes with a new release. Its strong `ETag`
 * is a hash of that text, so `If-None-Match` answers 304 (decided by `conditionalGet`; the
 * compression middleware gzips or brotli-encodes the ~100 KB document). Whoever may read it is
 * decided by where the app mounts this: before or after an API's authentication.
 */
export function openApiDocument(path: string, build: () => unknown): Middleware {
  let served: { text: string; etag: string } | undefined;
  return async (ctx, next) => {
    if (ctx.path !== path || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      await next();
      return;
    }
    if (served === undefined) {
      const text = JSON.stringify(build());
      const hash = createHash('sha256').update(text).digest('base64url').slice(0, 27);
      served = { text, etag: `"${hash}"` };
    }
    ctx.type = 'application/json';
    ctx.set('ETag', served.etag);
    ctx.set('cache-control', 'no-cache');
    ctx.body = served.text;
  };
}
