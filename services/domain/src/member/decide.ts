import type {
  MemberEvent,
  MemberGroupsReplaced,
  MemberJoined,
  MemberProfileUpdated,
  MemberRole,
  MemberRoleChanged,
} from '@brand-api/contracts';
import type { ActiveMember, MemberProfile, MemberState } from './member';
import { DomainError, existing, unreachable, assertNew } from '../errors';
import { requiredText } from '../text-field';

/** A member joins through a magic link, the sign-up call, or an operator. */
export interface JoinMember {
  type: 'JoinMember';
  data: MemberProfile & {
    memberId: string;
    role: MemberRole;
    joinedVia: MemberJoined['data']['joinedVia'];
    now: string;
  };
}

/** The Brand API's PATCH /members/{id}: absent fields are unchanged. */
export interface UpdateMember {
  type: 'UpdateMember';
  data: {
    isBanned?: boolean;
    isEmailVerified?: boolean;
    groupIds?: readonly string[];
    /** Which of `groupIds` are live groups of the member's brand (loaded by the edge). */
    knownGroupIds: readonly string[];
    /** Only brands using custom auth verify addresses themselves. */
    emailVerificationAllowed: boolean;
  };
}

/** A magic link for an existing member carries the brand's current view of their details. */
export interface RefreshMemberProfile {
  type: 'RefreshMemberProfile';
  data: {
    email?: string;
    phoneNumber?: string;
    firstName?: string;
    lastName?: string;
    profilePictureUrl?: string;
    isEmailVerified?: boolean;
  };
}

/** Operators appoint moderators and admins (or demote them); members never choose a role. */
export interface ChangeMemberRole {
  type: 'ChangeMemberRole';
  data: { role: MemberRole };
}

/** A deleted group leaves every member's groups. */
export interface LeaveDeletedGroup {
  type: 'LeaveDeletedGroup';
  data: { memberGroupId: string };
}

export type MemberCommand =
  JoinMember | UpdateMember | RefreshMemberProfile | ChangeMemberRole | LeaveDeletedGroup;

export function decideMember(command: MemberCommand, state: MemberState): MemberEvent[] {
  switch (command.type) {
    case 'JoinMember':
      return [joinMember(command, state)];
    case 'UpdateMember':
      return updateMember(command, existing(state));
    case 'RefreshMemberProfile':
      return refreshProfile(command, existing(state));
    case 'ChangeMemberRole':
      return changeRole(command, existing(state));
    case 'LeaveDeletedGroup':
      return leaveDeletedGroup(command, existing(state));
    default:
      return unreachable(command);
  }
}

function joinMember(command: JoinMember, state: MemberState): MemberJoined {
  assertNew(state, 'A member with this id already exists');
  const { now, ...data } = command.data;
  return {
    type: 'MemberJoined',
    schemaVersion: 1,
    data: {
      ...data,
      firstName: requiredName(data.firstName, 'firstName'),
      lastName: optionalName(data.lastName, 'lastName'),
      joinedAt: now,
    },
  };
}

function updateMember(command: UpdateMember, state: ActiveMember): MemberEvent[] {
  const { isBanned, isEmailVerified, groupIds } = command.data;
  if (isEmailVerified !== undefined && !command.data.emailVerificationAllowed) {
    throw new DomainError('email-verification-not-allowed');
  }
  if (groupIds !== undefined) {
    const known = new Set(command.data.knownGroupIds);
    const unknown = groupIds.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new DomainError('invalid', {
        message: `Unknown member group ids: ${unknown.join(', ')}`,
        problems: groupIds.flatMap((id, index) =>
          known.has(id)
            ? []
            : [{ path: ['groupIds', index], message: `unknown member group '${id}'` }],
        ),
      });
    }
  }
  const memberId = state.id;
  const events: MemberEvent[] = [];
  if (isBanned !== undefined && isBanned !== state.isBanned) {
    events.push({
      type: isBanned ? 'MemberBanned' : 'MemberUnbanned',
      schemaVersion: 1,
      data: { memberId },
    });
  }
  events.push(...verification(state, isEmailVerified, state.email));
  if (groupIds !== undefined && !sameSet(groupIds, state.groupIds)) {
    events.push(groupsReplaced(memberId, [...groupIds], 'updated'));
  }
  return events;
}

function refreshProfile(command: RefreshMemberProfile, state: ActiveMember): MemberEvent[] {
  const given = command.data;
  const changes: MemberProfileUpdated['data']['changes'] = {};
  if (given.email !== undefined && given.email !== state.email) changes.email = given.email;
  if (given.phoneNumber !== undefined && given.phoneNumber !== state.phoneNumber) {
    changes.phoneNumber = given.phoneNumber;
  }
  if (given.firstName !== undefined) {
    const firstName = requiredName(given.firstName, '/firstName');
    if (firstName !== state.firstName) changes.firstName = firstName;
  }
  if (given.lastName !== undefined) {
    const lastName = optionalName(given.lastName, '/lastName');
    if (lastName !== state.lastName) changes.lastName = lastName;
  }
  if (
    given.profilePictureUrl !== undefined &&
    given.profilePictureUrl !== state.profilePictureUrl
  ) {
    changes.profilePictureUrl = given.profilePictureUrl;
  }
  const events: MemberEvent[] = [];
  if (Object.keys(changes).length > 0) {
    events.push({
      type: 'MemberProfileUpdated',
      schemaVersion: 1,
      data: { memberId: state.id, changes },
    });
  }
  const email = changes.email ?? state.email;
  // A verification vouches for one address: a new address is unverified unless re-asserted.
  const verified = given.isEmailVerified ?? (changes.email === undefined ? undefined : false);
  events.push(...verification(state, verified, email));
  return events;
}

/** Setting the role a member already has changes nothing, so a retried call is harmless. */
function changeRole(command: ChangeMemberRole, state: ActiveMember): MemberRoleChanged[] {
  const { role } = command.data;
  if (role === state.role) return [];
  return [
    {
      type: 'MemberRoleChanged',
      schemaVersion: 1,
      data: { memberId: state.id, role, previousRole: state.role },
    },
  ];
}

function leaveDeletedGroup(command: LeaveDeletedGroup, state: ActiveMember): MemberEvent[] {
  const { memberGroupId } = command.data;
  if (!state.groupIds.includes(memberGroupId)) return [];
  return [
    groupsReplaced(
      state.id,
      state.groupIds.filter((id) => id !== memberGroupId),
      'groupDeleted',
    ),
  ];
}

function verification(
  state: ActiveMember,
  wanted: boolean | undefined,
  email: string,
): MemberEvent[] {
  if (wanted === undefined || wanted === state.isEmailVerified) return [];
  return wanted
    ? [{ type: 'MemberEmailVerified', schemaVersion: 1, data: { memberId: state.id, email } }]
    : [{ type: 'MemberEmailUnverified', schemaVersion: 1, data: { memberId: state.id } }];
}

function groupsReplaced(
  memberId: string,
  groupIds: string[],
  reason: MemberGroupsReplaced['data']['reason'],
): MemberGroupsReplaced {
  return { type: 'MemberGroupsReplaced', schemaVersion: 1, data: { memberId, groupIds, reason } };
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(b);
  return a.every((id) => set.has(id));
}

const maxNameLength = 100;

function requiredName(raw: string, field: string): string {
  return requiredText(raw, [field], maxNameLength);
}

function optionalName(raw: string | null, field: string): string | null {
  if (raw === null || raw.trim() === '') return null;
  return requiredName(raw, field);
}
