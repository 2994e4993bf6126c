import { ApiError } from '@brand-api/contracts';
import type { MagicLinkIssued } from '@brand-api/contracts';
import {
  brandDecider,
  brandStreamName,
  magicLinkDecider,
  magicLinkStreamName,
  memberView,
} from '@brand-api/domain';
import type { HandlersFor } from '../http/operation';
import type { AppServices } from '../services';
import { commandContext } from './context';
import { signInErrorPage } from './error-page';
import type { publicCommunityOperations } from './operations';
import { hashToken, looksLikeToken } from './secrets';
import { startSession } from './session';
import { returnLocation } from './urls';
import { claimSignUpEmail } from './write/member-claims';
import { joinMember } from './write/members';
import { runCommunityCommand } from './write/run-command';

const signInFailures = new Set(['MAGIC_LINK_INVALID', 'MAGIC_LINK_EXPIRED', 'MAGIC_LINK_USED']);

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

  /** Redeems the link: exactly one of two concurrent redemptions appends MagicLinkRedeemed. */
  async function redeem(token: unknown, requestId: string) {
    if (!looksLikeToken(token)) throw new ApiError('MAGIC_LINK_INVALID');
    const streamName = magicLinkStreamName(hashToken(token));
    const [first] = await services.eventStore.readStream(streamName);
    if (!first || first.type !== 'MagicLinkIssued') throw new ApiError('MAGIC_LINK_INVALID');
    const { memberId } = first.data as MagicLinkIssued['data'];
    const brandId = String(first.metadata.brandId);
    const context = commandContext(brandId, { kind: 'member', id: memberId }, requestId);
    const { value: link } = await runCommunityCommand(services, context, async (uow, now) => {
      const stream = await uow.load(streamName, magicLinkDecider, { tenant: true });
      stream.decide({ type: 'RedeemMagicLink', data: { now } });
      if (stream.state.status === 'absent') throw new ApiError('MAGIC_LINK_INVALID');
      return stream.state;
    });
    return { brandId, memberId: link.memberId, returnTo: link.returnTo, state: link.state };
  }

  return {
    async redeemMagicLink(request) {
      try {
        const link = await redeem(request.query.token, request.requestId);
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
      } catch (error) {
        if (!(error instanceof ApiError) || !signInFailures.has(error.code)) throw error;
        // An API client asking for JSON gets the usual error body; a browser gets a page.
        if (request.ctx.accepts('html', 'json') === 'json') throw error;
        return {
          status: error.statusCode,
          headers: { ...privateHeaders, 'content-type': 'text/html; charset=utf-8' },
          body: signInErrorPage(error),
        };
      }
    },

    async signUp(request) {
      const { brandId } = request.params;
      const memberId = services.ids();
      const context = commandContext(brandId, { kind: 'member', id: memberId }, request.requestId);
      const { value: member } = await runCommunityCommand(services, context, async (uow, now) => {
        const brand = await uow.load(brandStreamName(brandId), brandDecider, { tenant: true });
        if (brand.state.status !== 'active') throw new ApiError('NOT_FOUND');
        if (brand.state.customAuthEnabled) throw new ApiError('SIGN_UP_NOT_ALLOWED');
        const { email, firstName, lastName } = request.body;
        await claimSignUpEmail(uow, email, memberId);
        return joinMember(
          uow,
          services,
          {
            memberId,
            customAuthSub: null,
            email,
            phoneNumber: null,
            firstName,
            lastName: lastName ?? null,
            profilePictureUrl: null,
            isEmailVerified: false,
            joinedVia: 'signUp',
          },
          now,
        );
      });
      const cookie = await startSession(services, { brandId, memberId }, { secure });
      return {
        headers: { 'cache-control': 'no-store', 'set-cookie': cookie },
        body: { data: memberView(member) },
      };
    },
  };
}
