import { Type, type Static } from 'typebox';
import { BrandMemberBadge } from '../entities/member-group';
import { Nullable, Uuid } from '../primitives';
import { changesOf, defineEvent } from './define-event';

const groupFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  brandMemberBadge: Nullable(BrandMemberBadge),
};

export const MemberGroupCreated = defineEvent(
  'MemberGroupCreated',
  'The brand created a member group.',
  { memberGroupId: Uuid(), ...groupFields },
);
export type MemberGroupCreated = Static<typeof MemberGroupCreated>;

/** A replaced badge carries its full new value (with its own id); null removes it. */
export const MemberGroupUpdated = defineEvent(
  'MemberGroupUpdated',
  'The brand renamed a group or changed its badge.',
  { memberGroupId: Uuid(), changes: changesOf(groupFields) },
);
export type MemberGroupUpdated = Static<typeof MemberGroupUpdated>;

/** Members leave the group by their own MemberGroupsReplaced events (reason groupDeleted). */
export const MemberGroupDeleted = defineEvent(
  'MemberGroupDeleted',
  'The brand deleted a member group.',
  { memberGroupId: Uuid() },
);
export type MemberGroupDeleted = Static<typeof MemberGroupDeleted>;

export type MemberGroupEvent = MemberGroupCreated | MemberGroupUpdated | MemberGroupDeleted;
