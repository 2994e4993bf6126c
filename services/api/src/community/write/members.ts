import { ApiError } from '@brand-api/contracts';
import type { MemberJoined } from '@brand-api/contracts';
import { memberDecider, memberStreamName } from '@brand-api/domain';
import type { ActiveMember, MemberState } from '@brand-api/domain';
import type { AppServices } from '../../services';
import { claimFreeUsername } from './member-claims';
import type { UnitOfWork } from './run-command';

export interface NewMember {
  memberId: string;
  customAuthSub: string | null;
  email: string;
  phoneNumber: string | null;
  firstName: string;
  lastName: string | null;
  profilePictureUrl: string | null;
  isEmailVerified: boolean;
  joinedVia: MemberJoined['data']['joinedVia'];
}

/** Loads a member of the unit's brand; another brand's member reads as absent. */
export function loadMember(uow: UnitOfWork, memberId: string) {
  return uow.load(memberStreamName(memberId), memberDecider, { tenant: true });
}

/** A new member with a freshly claimed username, decided into the unit of work. */
export async function joinMember(
  uow: UnitOfWork,
  services: AppServices,
  member: NewMember,
  now: string,
): Promise<ActiveMember> {
  const username = await claimFreeUsername(uow, member.memberId, member, () =>
    services.ids().replace(/-/g, ''),
  );
  const stream = uow.fresh(memberStreamName(member.memberId), memberDecider);
  stream.decide({ type: 'JoinMember', data: { ...member, username, role: 'CUSTOMER', now } });
  return activeMember(stream.state);
}

export function activeMember(state: MemberState): ActiveMember {
  if (state.status !== 'active') throw new ApiError('NOT_FOUND');
  return state;
}
