import type { MemberRole, UserReference } from '@brand-api/contracts';
import type { ActiveMember } from './member';
import { userReferenceOf } from './member';
import { DomainError } from '../errors';

/**
 * The signed-in member behind a community command, as the edge loaded them from their stream.
 * Every community decider starts by asking whether this member may act at all.
 */
export interface ActingMember {
  memberId: string;
  role: MemberRole;
  isBanned: boolean;
  /** Embedded in the events, so webhooks report the member as they were at that moment. */
  reference: UserReference;
}

export function actingMemberOf(member: ActiveMember): ActingMember {
  return {
    memberId: member.id,
    role: member.role,
    isBanned: member.isBanned,
    reference: userReferenceOf(member),
  };
}

/** Banned members keep their session but can no longer post, comment or like. */
export function assertMayAct(actor: ActingMember): void {
  if (actor.isBanned) throw new DomainError('member-banned');
}

export function assertModerator(actor: ActingMember): void {
  assertMayAct(actor);
  if (actor.role !== 'ADMIN' && actor.role !== 'MODERATOR') {
    throw new DomainError('role-required');
  }
}

/** The `memberId` and `member` fields every community event carries (contracts' actingMember). */
export function actingFields(actor: ActingMember): { memberId: string; member: UserReference } {
  return { memberId: actor.memberId, member: { ...actor.reference } };
}
