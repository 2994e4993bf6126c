import type { Middleware } from 'koa';

/**
 * What every answer may load and embed: nothing. JSON needs no sources, and the few HTML pages
 * the API serves (the sign-in error page, the members' landing page; see community-api/html-page.ts) set their own policy naming exactly their inline
 * style. `frame-ancestors 'none'` keeps any answer out of another site's frame.
 */
export const noContentPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Headers on every answer, errors included (set before the rest of the chain runs):
 * `nosniff`, so a browser never reads a JSON body or an error as a script or a page, and the
 * content policy above unless the handler chose a stricter-fitting one.
 */
export function securityHeaders(): Middleware {
  return async function setSecurityHeaders(ctx, next) {
    ctx.set('x-content-type-options', 'nosniff');
    ctx.set('content-security-policy', noContentPolicy);
    await next();
  };
}
