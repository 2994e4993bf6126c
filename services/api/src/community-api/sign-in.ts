import { ApiError } from '@brand-api/contracts';
import { memberView } from '@brand-api/domain';
import { commandFailure } from '../http/domain-errors';
import type { HandlersFor } from '../http/operation';
import type { AppServices } from '../services';
import { signInErrorPage, signInErrorPagePolicy } from './error-page';
import type { publicCommunityOperations } from './operations';
import { endSession, sessionCookieName, startSession } from './session';
import { returnLocation } from './urls';

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
  publicUrl: string,
): HandlersFor<typeof publicCommunityOperations, unknown> {
  const secure = publicUrl.startsWith('https:');
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
            location: returnLocation(link.returnTo, link.state),
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
            'content-security-policy': signInErrorPagePolicy,
          },
          body: signInErrorPage(error),
        };
      }
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
