/**
 * The MemberGroup aggregate: a named group of one brand's members with an optional badge.
 * Stream `memberGroup-<memberGroupId>`. Members record their own groups (MemberGroupsReplaced);
 * a deletion is followed by one LeaveDeletedGroup per member, appended in the same transaction.
 */
import type { BrandMemberBadge, MemberGroup, MemberGroupEvent } from '@brand-api/contracts';
import { unreachable, withChanges } from '../errors';

export type { MemberGroupEvent };

export const memberGroupStreamName = (memberGroupId: string): string =>
  `memberGroup-${memberGroupId}`;

export interface LiveMemberGroup {
  status: 'active';
  id: string;
  name: string;
  brandMemberBadge: BrandMemberBadge | null;
}

export type MemberGroupState =
  { status: 'absent' } | LiveMemberGroup | { status: 'deleted'; id: string };

export function evolveMemberGroup(
  state: MemberGroupState,
  event: MemberGroupEvent,
): MemberGroupState {
  switch (event.type) {
    case 'MemberGroupCreated':
      return {
        status: 'active',
        id: event.data.memberGroupId,
        name: event.data.name,
        brandMemberBadge: event.data.brandMemberBadge,
      };
    case 'MemberGroupUpdated':
      return withChanges(state, event.data.changes);
    case 'MemberGroupDeleted':
      return { status: 'deleted', id: event.data.memberGroupId };
    default:
      return unreachable(event);
  }
}

export function memberGroupView(state: LiveMemberGroup): MemberGroup {
  return {
    id: state.id,
    name: state.name,
    brandMemberBadge: state.brandMemberBadge === null ? null : { ...state.brandMemberBadge },
  };
}
