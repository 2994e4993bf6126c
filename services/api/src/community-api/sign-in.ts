import { ApiError, resolveReturnTo } from '@brand-api/contracts';
import { getBrand, getMember } from '@brand-api/read-models';
import { memberView } from '@brand-api/domain';
import { commandFailure } from '../http/domain-errors';
import type { HandlersFor } from '../http/operation';
import type { AppServices } from '../services';
import { signInErrorPage } from './error-page';
import { htmlPagePolicy } from './html-page';
import type { publicCommunityOperations } from '@brand-api/contracts';
import { membersLandingPage } from './landing-page';
import { endSession, sessionCookieName, sessionMember, startSession } from './session';
import { membersPageUrl, returnLocation } from './urls';
import type { SiteUrls } from './urls';

/** Refusals of a link that a person following it gets as a page. */
const signInFailures = new Set([
  'MAGIC_LINK_INVALID',
  'MAGIC_LINK_EXPIRED',
  'MAGIC_LINK_USED',
  'MEMBER_BANNED',
  'CUSTOM_AUTH_NOT_ENABLED',
]);

/** Neither the redirect (it sets a session) nor the error page may be cached or leak the URL. */
const privateHeaders = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

/**
 * Signing in: following a magic link, or signing up to a brand without custom auth. Both end
 * with a session cookie.
 */
export function signInHandlers(
  services: AppServices,
  site: SiteUrls,
): HandlersFor<typeof publicCommunityOperations, unknown> {
  const secure = site.publicUrl.startsWith('https:');
  const { community } = services.application;

  return {
    async redeemMagicLink(request) {
      // Mail scanners and link previews send HEAD: it must not use the link up.
      if (request.ctx.method !== 'GET') {
        return {
          status: 200,
          headers: { ...privateHeaders, 'content-type': 'text/html; charset=utf-8' },
          body: '',
        };
      }
      try {
        const link = await community.redeemMagicLink(request.query.token, request.requestId);
        const cookie = await startSession(services, link, { secure });
        return {
          status: 302,
          headers: {
            ...privateHeaders,
            location: membersPageUrl(site, returnLocation(link.returnTo, link.state), false),
            'set-cookie': cookie,
          },
          body: 'Signed in. Redirecting…',
        };
      } catch (thrown) {
        const error = commandFailure(thrown) ?? thrown;
        if (!(error instanceof ApiError) || !signInFailures.has(error.code)) throw error;
        // An API client asking for JSON gets the usual error body; a browser gets a page.
        if (request.ctx.accepts('html', 'json') === 'json') throw error;
        return {
          status: error.statusCode,
          headers: {
            ...privateHeaders,
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy': htmlPagePolicy,
          },
          body: signInErrorPage(error),
        };
      }
    },

    async showMembersLanding(request) {
      const to = landingTarget(request.query.to);
      if (site.membersUrl !== undefined) {
        const headers: Record<string, string> = {
          'cache-control': 'no-store',
          location: `${site.membersUrl}${to}`,
        };
        return {
          status: 302,
          headers,
          body: 'Redirecting to the members’ front end…',
        };
      }
      const principal = await sessionMember(services, request.ctx.cookies.get(sessionCookieName));
      const [member, brand] = principal
        ? await Promise.all([
            getMember(services.db, principal.brandId, principal.memberId),
            getBrand(services.db, principal.brandId),
          ])
        : [undefined, undefined];
      return {
        status: 200,
        headers: {
          ...privateHeaders,
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': htmlPagePolicy,
        },
        body: membersLandingPage({ member: member?.data, brandName: brand?.name }, to),
      };
    },

    async signOut(request) {
      const cookie = await endSession(services, request.ctx.cookies.get(sessionCookieName), {
        secure,
      });
      return { headers: { 'cache-control': 'no-store', 'set-cookie': cookie }, body: undefined };
    },

    async signUp(request) {
      const { brandId } = request.params;
      const member = await community.signUp(brandId, request.requestId, request.body);
      const cookie = await startSession(services, { brandId, memberId: member.id }, { secure });
      return {
        headers: { 'cache-control': 'no-store', 'set-cookie': cookie },
        body: { data: memberView(member) },
      };
    },
  };
}

/** The members' page the landing stands in for: a path on the members' site, `/` otherwise. */
function landingTarget(to: unknown): string {
  const anyOrigin = 'http://members.invalid';
  const target = typeof to === 'string' ? resolveReturnTo(to, anyOrigin) : undefined;
  return target ? `${target.pathname}${target.search}${target.hash}` : '/';
}
