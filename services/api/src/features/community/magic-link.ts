import { ApiError } from '@brand-api/contracts';
import type { ErrorDetail } from '@brand-api/contracts';
import { magicLinkDecider, magicLinkStreamName, memberStreamName } from '@brand-api/domain';
import { commandContext } from '../../community/context';
import { generateToken, hashToken } from '../../community/secrets';
import { magicLinkUrl } from '../../community/urls';
import { findMemberByCustomAuthSub } from '../../community/write/member-claims';
import { joinMember, loadMember } from '../../community/write/members';
import { runCommunityCommand } from '../../community/write/run-command';
import type { AppServices } from '../../services';
import type { ApiHandlers } from '../feature';

/**
 * POST /magic-link for brands using custom auth: find the member by customAuthSub (unique per
 * brand, held by a claim stream) or create them, refresh their details, and issue a single-use
 * link. Member, claims and link are appended together or not at all.
 */
export function magicLinkHandlers(services: AppServices, publicUrl: () => string): ApiHandlers {
  return {
    async createMagicLink(request) {
      const { auth, body } = request;
      if (!auth.customAuthEnabled) throw new ApiError('CUSTOM_AUTH_NOT_ENABLED');
      const context = commandContext(
        auth.brandId,
        { kind: 'apiKey', id: auth.apiKeyId },
        request.requestId,
      );
      const token = generateToken();
      const { value: memberId } = await runCommunityCommand(services, context, async (uow, now) => {
        const claim = await findMemberByCustomAuthSub(uow, body.customAuthSub);
        let memberId = claim.memberId;
        if (memberId !== undefined) {
          const member = await loadMember(uow, memberId);
          if (member.state.status !== 'active') {
            throw new Error(
              `customAuthSub claim points at a missing member ${memberStreamName(memberId)}`,
            );
          }
          member.decide({
            type: 'RefreshMemberProfile',
            data: {
              ...(body.email === undefined ? {} : { email: body.email }),
              ...(body.phoneNumber === undefined ? {} : { phoneNumber: body.phoneNumber }),
              ...(body.firstName === undefined ? {} : { firstName: body.firstName }),
              ...(body.lastName === undefined ? {} : { lastName: body.lastName }),
              ...(body.profilePictureUrl === undefined
                ? {}
                : { profilePictureUrl: body.profilePictureUrl }),
              ...(body.isEmailVerified === undefined
                ? {}
                : { isEmailVerified: body.isEmailVerified }),
            },
          });
        } else {
          const { email, firstName } = body;
          if (email === undefined || firstName === undefined) throw newMemberNeeds(body);
          memberId = services.ids();
          claim.bind(memberId);
          await joinMember(
            uow,
            services,
            {
              memberId,
              customAuthSub: body.customAuthSub,
              email,
              phoneNumber: body.phoneNumber ?? null,
              firstName,
              lastName: body.lastName ?? null,
              profilePictureUrl: body.profilePictureUrl ?? null,
              isEmailVerified: body.isEmailVerified ?? false,
              joinedVia: 'magicLink',
            },
            now,
          );
        }
        const tokenHash = hashToken(token);
        const link = uow.fresh(magicLinkStreamName(tokenHash), magicLinkDecider);
        link.decide({
          type: 'IssueMagicLink',
          data: {
            magicLinkId: services.ids(),
            memberId,
            tokenHash,
            state: body.state ?? null,
            returnTo: body.returnTo ?? null,
            now,
          },
        });
        return memberId;
      });
      return { body: { magicLink: magicLinkUrl(publicUrl(), token), userId: memberId } };
    },
  };
}

/** Every member has an email and a first name, so a first link must bring both. */
function newMemberNeeds(body: { email?: string; firstName?: string }): ApiError {
  const details: ErrorDetail[] = [];
  if (body.email === undefined) {
    details.push({
      location: 'body',
      field: '/email',
      message: 'is required to create a new member',
    });
  }
  if (body.firstName === undefined) {
    details.push({
      location: 'body',
      field: '/firstName',
      message: 'is required to create a new member',
    });
  }
  return new ApiError('VALIDATION_FAILED', {
    message: 'No member has this customAuthSub yet: email and firstName are needed to create one',
    details,
  });
}
