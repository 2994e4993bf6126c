import { ApiError } from '@brand-api/contracts';
import type { Middleware } from 'koa';

/**
 * Refuses a browser request sent by another site (CSRF). The session cookie is `SameSite=Lax`,
 * which already keeps it off most cross-site POSTs; this check does not rely on the browser
 * honouring that. A browser names the page's origin in `Origin` on every POST and DELETE, and
 * newer ones say `Sec-Fetch-Site` too; a request with neither did not come from a browser page,
 * so it cannot carry a victim's cookie against their will and goes on.
 */
export function requireSameOrigin(siteOrigin: string): Middleware {
  return async (ctx, next) => {
    if (
      ctx.method !== 'GET' &&
      ctx.method !== 'HEAD' &&
      isCrossSite(ctx.get('origin'), ctx.get('sec-fetch-site'), siteOrigin)
    ) {
      throw new ApiError('ORIGIN_NOT_ALLOWED');
    }
    await next();
  };
}

function isCrossSite(origin: string, fetchSite: string, siteOrigin: string): boolean {
  if (origin !== '') return originOf(origin) !== siteOrigin;
  // `same-site` is a sibling host (another subdomain): not this site either.
  return fetchSite === 'cross-site' || fetchSite === 'same-site';
}

/** `null` (sandboxed frames, privacy redirects) and anything unparsable match no site. */
function originOf(header: string): string | undefined {
  try {
    const { origin } = new URL(header);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
