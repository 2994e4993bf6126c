import { brandDecider, brandStreamName, DomainError, existing } from '@brand-api/domain';
import type { ActiveMember } from '@brand-api/domain';
import type { CommandEngine } from '@brand-api/event-store';
import { requestContext } from '@brand-api/event-store';
import { claimSignUpEmail } from './claims';
import { joinMember } from './members';

export interface SignUpRequest {
  email: string;
  firstName: string;
  lastName?: string;
}

/**
 * A person joins the community of a brand that does not use custom auth, by email: one member
 * per address and brand (a claim stream), created with a fresh username.
 */
export async function signUp(
  engine: CommandEngine,
  ids: () => string,
  brandId: string,
  requestId: string,
  request: SignUpRequest,
): Promise<ActiveMember> {
  const memberId = ids();
  const context = requestContext(brandId, { kind: 'member', id: memberId }, requestId);
  const { value } = await engine.run(context, async (uow, now) => {
    const brand = existing(
      (await uow.load(brandStreamName(brandId), brandDecider, { tenant: true })).state,
    );
    if (brand.customAuthEnabled) throw new DomainError('sign-up-not-allowed');
    await claimSignUpEmail(uow, request.email, memberId);
    return joinMember(
      uow,
      ids,
      {
        memberId,
        customAuthSub: null,
        email: request.email,
        phoneNumber: null,
        firstName: request.firstName,
        lastName: request.lastName ?? null,
        profilePictureUrl: null,
        isEmailVerified: false,
        joinedVia: 'signUp',
      },
      now,
    );
  });
  return value;
}
