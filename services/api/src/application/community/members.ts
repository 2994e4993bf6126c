import type { MemberJoined, MemberRole } from '@brand-api/contracts';
import {
  brandDecider,
  brandStreamName,
  existing,
  memberDecider,
  memberGroupDecider,
  memberGroupStreamName,
  memberStreamName,
} from '@brand-api/domain';
import type { ActiveMember, MemberProfile } from '@brand-api/domain';
import type { CommandContext, CommandEngine, UnitOfWork } from '@brand-api/event-store';
import type { Versioned } from '@brand-api/read-models';
import type { ExpectedVersions } from '../preconditions';
import { requireVersion, versionedAfterCommit } from '../preconditions';
import { claimFreeUsername } from './claims';

/** A member about to join; the username is claimed for them. */
export type NewMember = Omit<MemberProfile, 'username'> & {
  memberId: string;
  joinedVia: MemberJoined['data']['joinedVia'];
};

/** Loads a member of the unit's brand; another brand's member reads as absent. */
export function loadMember(uow: UnitOfWork, memberId: string) {
  return uow.load(memberStreamName(memberId), memberDecider, { tenant: true });
}

/** A new member with a freshly claimed username, decided into the unit of work. */
export async function joinMember(
  uow: UnitOfWork,
  ids: () => string,
  member: NewMember,
  now: string,
): Promise<ActiveMember> {
  const username = await claimFreeUsername(uow, member.memberId, member, () =>
    ids().replace(/-/g, ''),
  );
  const stream = uow.fresh(memberStreamName(member.memberId), memberDecider);
  stream.decide({ type: 'JoinMember', data: { ...member, username, role: 'CUSTOMER', now } });
  return existing(stream.state);
}

export interface MemberChanges {
  isBanned?: boolean;
  isEmailVerified?: boolean;
  groupIds?: string[];
}

/**
 * A brand bans or unbans a member, verifies their email (custom auth only) or sets their groups,
 * if the member is at a version the caller named (`If-Match`).
 */
export async function updateMember(
  engine: CommandEngine,
  context: CommandContext,
  memberId: string,
  changes: MemberChanges,
  expected?: ExpectedVersions,
): Promise<Versioned<ActiveMember>> {
  const { value } = await engine.run(context, async (uow) => {
    const [stream, brand] = await Promise.all([
      loadMember(uow, memberId),
      uow.load(brandStreamName(uow.brandId), brandDecider, { tenant: true }),
    ]);
    requireVersion(stream, expected);
    // Each named group is read from its own stream: the log, not a read table, says it exists.
    const groups = await Promise.all(
      (changes.groupIds ?? []).map((groupId) =>
        uow.load(memberGroupStreamName(groupId), memberGroupDecider, { tenant: true }),
      ),
    );
    const knownGroupIds = (changes.groupIds ?? []).filter(
      (_, index) => groups[index]?.state.status === 'active',
    );
    stream.decide({
      type: 'UpdateMember',
      data: {
        ...changes,
        knownGroupIds,
        emailVerificationAllowed: brand.state.status === 'active' && brand.state.customAuthEnabled,
      },
    });
    return versionedAfterCommit(stream);
  });
  return value;
}

/** Operators make moderators and admins (and back). */
export async function setMemberRole(
  engine: CommandEngine,
  context: CommandContext,
  memberId: string,
  role: MemberRole,
): Promise<ActiveMember> {
  const { value } = await engine.run(context, async (uow) => {
    const stream = await loadMember(uow, memberId);
    stream.decide({ type: 'ChangeMemberRole', data: { role } });
    return existing(stream.state);
  });
  return value;
}
