import type {
  BrandMemberBadge,
  BrandMemberBadgeInput,
  MemberGroupEvent,
  MemberGroupUpdated,
} from '@brand-api/contracts';
import type { LiveMemberGroup, MemberGroupState } from './member-group';
import { existing, unreachable, assertNew } from '../errors';
import { requiredText } from '../text-field';

export interface CreateMemberGroup {
  type: 'CreateMemberGroup';
  data: {
    memberGroupId: string;
    name: string;
    brandMemberBadge: BrandMemberBadgeInput | null;
    /** Id for the badge, should one be given. */
    badgeId: string;
  };
}

/** Absent fields are unchanged; a badge replaces the current one (keeping its id), null removes it. */
export interface UpdateMemberGroup {
  type: 'UpdateMemberGroup';
  data: {
    name?: string;
    brandMemberBadge?: BrandMemberBadgeInput | null;
    /** Id for the badge when the group has none yet. */
    badgeId: string;
  };
}

export interface DeleteMemberGroup {
  type: 'DeleteMemberGroup';
  data: Record<string, never>;
}

export type MemberGroupCommand = CreateMemberGroup | UpdateMemberGroup | DeleteMemberGroup;

export function decideMemberGroup(
  command: MemberGroupCommand,
  state: MemberGroupState,
): MemberGroupEvent[] {
  switch (command.type) {
    case 'CreateMemberGroup': {
      assertNew(state, 'A member group with this id already exists');
      const { memberGroupId, name, brandMemberBadge, badgeId } = command.data;
      return [
        {
          type: 'MemberGroupCreated',
          schemaVersion: 1,
          data: {
            memberGroupId,
            name: groupName(name),
            brandMemberBadge: brandMemberBadge === null ? null : badge(badgeId, brandMemberBadge),
          },
        },
      ];
    }
    case 'UpdateMemberGroup':
      return updateMemberGroup(command, live(state));
    case 'DeleteMemberGroup':
      return [
        { type: 'MemberGroupDeleted', schemaVersion: 1, data: { memberGroupId: live(state).id } },
      ];
    default:
      return unreachable(command);
  }
}

function live(state: MemberGroupState): LiveMemberGroup {
  return existing(state);
}

function updateMemberGroup(command: UpdateMemberGroup, state: LiveMemberGroup): MemberGroupEvent[] {
  const changes: MemberGroupUpdated['data']['changes'] = {};
  if (command.data.name !== undefined) {
    const name = groupName(command.data.name);
    if (name !== state.name) changes.name = name;
  }
  const wanted = command.data.brandMemberBadge;
  if (wanted === null && state.brandMemberBadge !== null) changes.brandMemberBadge = null;
  if (wanted !== undefined && wanted !== null) {
    const next = badge(state.brandMemberBadge?.id ?? command.data.badgeId, wanted);
    if (!sameBadge(next, state.brandMemberBadge)) changes.brandMemberBadge = next;
  }
  if (Object.keys(changes).length === 0) return [];
  return [
    { type: 'MemberGroupUpdated', schemaVersion: 1, data: { memberGroupId: state.id, changes } },
  ];
}

const maxGroupNameLength = 100;
const maxBadgeNameLength = 50;

function groupName(raw: string): string {
  return requiredText(raw, ['name'], maxGroupNameLength);
}

function badge(id: string, input: BrandMemberBadgeInput): BrandMemberBadge {
  return {
    id,
    name: requiredText(input.name, ['brandMemberBadge', 'name'], maxBadgeNameLength),
    foregroundColor: input.foregroundColor,
    backgroundColor: input.backgroundColor,
  };
}

function sameBadge(a: BrandMemberBadge, b: BrandMemberBadge | null): boolean {
  return (
    b !== null &&
    a.name === b.name &&
    a.foregroundColor === b.foregroundColor &&
    a.backgroundColor === b.backgroundColor
  );
}
