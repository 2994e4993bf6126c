import {
  CreateMemberGroupBody,
  ListMemberGroupsQuery,
  MemberGroupList,
  MemberGroupResponse,
  UpdateMemberGroupBody,
} from '../requests/member-groups';
import { byOperationId, resourceRoutes } from './resource-routes';

/** Scopes are spelled as the product spells them (`scopes.ts`): hyphen to create, underscore to change. */
const groups = resourceRoutes({
  tag: 'Member groups',
  path: '/member-groups',
  noun: 'member group',
  read: 'member-groups:read',
  write: 'member-groups:write',
  change: 'member_groups:write',
});

export const memberGroupRoutes = byOperationId(
  groups.list({
    operationId: 'listMemberGroups',
    description:
      'Pages through the brand’s member groups in a stable order. Pass `nextCursor` as `after` to get the next page.',
    query: ListMemberGroupsQuery,
    response: MemberGroupList,
  }),
  groups.create({
    operationId: 'createMemberGroup',
    description:
      'Creates a group, optionally with a badge (name, foreground and background colour as CSS hex colours).',
    body: CreateMemberGroupBody,
    response: MemberGroupResponse,
  }),
  groups.get({
    operationId: 'getMemberGroup',
    description: 'Fetches one member group by id.',
    response: MemberGroupResponse,
  }),
  groups.update({
    operationId: 'updateMemberGroup',
    description:
      'Renames the group or replaces its badge; `brandMemberBadge: null` removes the badge. Note the underscore in the scope.',
    body: UpdateMemberGroupBody,
    response: MemberGroupResponse,
  }),
  groups.delete({
    operationId: 'deleteMemberGroup',
    description:
      'Deletes the group and removes it from every member’s `groupIds`. Note the underscore in the scope.',
  }),
);
