/**
 * The Member aggregate: one member of one brand's community. Stream `member-<memberId>`.
 * Its events are the contracts' (MemberJoined, MemberBanned, ...); time and ids arrive on
 * commands, and the brand a stream belongs to is checked at the edge from the metadata.
 */
import type {
  Member,
  MemberEvent,
  MemberJoined,
  MemberRole,
  UserReference,
} from '@brand-api/contracts';
import { unreachable } from '../errors';

export type { MemberEvent };

export const memberStreamName = (memberId: string): string => `member-${memberId}`;

/** Who a member is and how they are reached, as they join: what a sign-up or a magic link gives. */
export type MemberProfile = Pick<
  MemberJoined['data'],
  | 'username'
  | 'customAuthSub'
  | 'email'
  | 'phoneNumber'
  | 'firstName'
  | 'lastName'
  | 'profilePictureUrl'
  | 'isEmailVerified'
>;

export interface ActiveMember extends MemberProfile {
  status: 'active';
  id: string;
  isBanned: boolean;
  role: MemberRole;
  groupIds: string[];
  joinedAt: string;
}

export type MemberState = { status: 'absent' } | ActiveMember;

export function evolveMember(state: MemberState, event: MemberEvent): MemberState {
  if (event.type === 'MemberJoined') {
    const { data } = event;
    return {
      status: 'active',
      id: data.memberId,
      username: data.username,
      customAuthSub: data.customAuthSub,
      email: data.email,
      phoneNumber: data.phoneNumber,
      firstName: data.firstName,
      lastName: data.lastName,
      profilePictureUrl: data.profilePictureUrl,
      isEmailVerified: data.isEmailVerified,
      isBanned: false,
      role: data.role,
      groupIds: [],
      joinedAt: data.joinedAt,
    };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'MemberProfileUpdated':
      return { ...state, ...event.data.changes };
    case 'MemberBanned':
      return { ...state, isBanned: true };
    case 'MemberUnbanned':
      return { ...state, isBanned: false };
    case 'MemberEmailVerified':
      return { ...state, isEmailVerified: true };
    case 'MemberEmailUnverified':
      return { ...state, isEmailVerified: false };
    case 'MemberGroupsReplaced':
      return { ...state, groupIds: [...event.data.groupIds] };
    case 'MemberRoleChanged':
      return { ...state, role: event.data.role };
    default:
      return unreachable(event);
  }
}

/** The member as the Brand API shows it: absent optional fields are left out. */
export function memberView(state: ActiveMember): Member {
  return {
    id: state.id,
    username: state.username,
    firstName: state.firstName,
    lastName: state.lastName,
    email: state.email,
    ...(state.phoneNumber === null ? {} : { phoneNumber: state.phoneNumber }),
    isEmailVerified: state.isEmailVerified,
    isBanned: state.isBanned,
    role: state.role,
    groupIds: [...state.groupIds],
  };
}

/** The user reference webhooks carry, as of now (`UserReference` in the contracts). */
export function userReferenceOf(state: ActiveMember): UserReference {
  return { id: state.id, customAuthSub: state.customAuthSub, email: state.email };
}
