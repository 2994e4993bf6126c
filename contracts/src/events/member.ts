import { Type, type Static } from 'typebox';
import { MemberRole } from '../entities/member';
import { DateTime, Email, HttpUrl, Nullable, PhoneNumber, Uuid } from '../primitives';
import { changesOf, defineEvent } from './define-event';

const profileFields = {
  email: Email(),
  phoneNumber: Nullable(PhoneNumber()),
  firstName: Type.String({ minLength: 1, maxLength: 100 }),
  lastName: Nullable(Type.String({ minLength: 1, maxLength: 100 })),
  profilePictureUrl: Nullable(HttpUrl()),
};

export const MemberJoined = defineEvent('MemberJoined', 'A member joined the community.', {
  memberId: Uuid(),
  username: Type.String({ minLength: 1, maxLength: 64 }),
  customAuthSub: Nullable(Type.String({ minLength: 1, maxLength: 255 })),
  ...profileFields,
  isEmailVerified: Type.Boolean(),
  role: MemberRole,
  joinedVia: Type.Enum(['magicLink', 'signUp', 'operator']),
  joinedAt: DateTime(),
});
export type MemberJoined = Static<typeof MemberJoined>;

/** Magic links update email and phone of an existing member; names may change with them. */
export const MemberProfileUpdated = defineEvent(
  'MemberProfileUpdated',
  "A member's contact details or names changed.",
  { memberId: Uuid(), changes: changesOf(profileFields) },
);
export type MemberProfileUpdated = Static<typeof MemberProfileUpdated>;

export const MemberBanned = defineEvent('MemberBanned', 'The brand banned a member.', {
  memberId: Uuid(),
});
export type MemberBanned = Static<typeof MemberBanned>;

export const MemberUnbanned = defineEvent('MemberUnbanned', 'The brand lifted a ban.', {
  memberId: Uuid(),
});
export type MemberUnbanned = Static<typeof MemberUnbanned>;

/** Only brands using custom auth may assert this (they verified the address themselves). */
export const MemberEmailVerified = defineEvent(
  'MemberEmailVerified',
  "A member's email address was marked verified.",
  { memberId: Uuid(), email: Email({ description: 'The address that was verified.' }) },
);
export type MemberEmailVerified = Static<typeof MemberEmailVerified>;

export const MemberEmailUnverified = defineEvent(
  'MemberEmailUnverified',
  "A member's email address was marked unverified.",
  { memberId: Uuid() },
);
export type MemberEmailUnverified = Static<typeof MemberEmailUnverified>;

export const MemberGroupsReplaced = defineEvent(
  'MemberGroupsReplaced',
  "A member's groups were replaced: by the brand, or because a group was deleted.",
  {
    memberId: Uuid(),
    groupIds: Type.Array(Uuid(), { uniqueItems: true, description: 'The complete new set.' }),
    reason: Type.Enum(['updated', 'groupDeleted']),
  },
);
export type MemberGroupsReplaced = Static<typeof MemberGroupsReplaced>;

/** Operators make moderators and admins; the brand-facing API cannot change a role. */
export const MemberRoleChanged = defineEvent('MemberRoleChanged', "A member's role changed.", {
  memberId: Uuid(),
  role: MemberRole,
  previousRole: MemberRole,
});
export type MemberRoleChanged = Static<typeof MemberRoleChanged>;

export type MemberEvent =
  | MemberJoined
  | MemberProfileUpdated
  | MemberBanned
  | MemberUnbanned
  | MemberEmailVerified
  | MemberEmailUnverified
  | MemberGroupsReplaced
  | MemberRoleChanged;
