import { IdParams, SuccessResponse } from '../requests/common';
import {
  CreateMemberGroupBody,
  ListMemberGroupsQuery,
  MemberGroupList,
  MemberGroupResponse,
  UpdateMemberGroupBody,
} from '../requests/member-groups';
import { defineRoute } from './route-definition';
import { routeErrors } from './route-errors';

const tag = 'Member groups';

/** Scopes are spelled as the product spells them (`scopes.ts`): hyphen to create, underscore to change. */
export const memberGroupRoutes = {
  listMemberGroups: defineRoute({
    operationId: 'listMemberGroups',
    method: 'get',
    path: '/member-groups',
    summary: 'List member groups',
    description:
      'Pages through the brand’s member groups in a stable order. Pass `nextCursor` as `after` to get the next page.',
    tag,
    scope: 'member-groups:read',
    query: ListMemberGroupsQuery,
    successStatus: 200,
    response: MemberGroupList,
    errors: routeErrors({ validated: true }),
  }),
  createMemberGroup: defineRoute({
    operationId: 'createMemberGroup',
    method: 'post',
    path: '/member-groups',
    summary: 'Create a member group',
    description:
      'Creates a group, optionally with a badge (name, foreground and background colour as CSS hex colours).',
    tag,
    scope: 'member-groups:write',
    body: CreateMemberGroupBody,
    successStatus: 201,
    location: '/api/v1/member-groups/{id}',
    response: MemberGroupResponse,
    versioned: true,
    errors: routeErrors({ writes: true, body: true }),
  }),
  getMemberGroup: defineRoute({
    operationId: 'getMemberGroup',
    method: 'get',
    path: '/member-groups/{id}',
    summary: 'Get a member group',
    description: 'Fetches one member group by id.',
    tag,
    scope: 'member-groups:read',
    params: IdParams,
    successStatus: 200,
    response: MemberGroupResponse,
    versioned: true,
    errors: routeErrors({ validated: true, byId: true }),
  }),
  updateMemberGroup: defineRoute({
    operationId: 'updateMemberGroup',
    method: 'patch',
    path: '/member-groups/{id}',
    summary: 'Update a member group',
    description:
      'Renames the group or replaces its badge; `brandMemberBadge: null` removes the badge. Note the underscore in the scope.',
    tag,
    scope: 'member_groups:write',
    params: IdParams,
    body: UpdateMemberGroupBody,
    successStatus: 200,
    response: MemberGroupResponse,
    versioned: true,
    errors: routeErrors({ ifMatch: true, writes: true, body: true, byId: true }),
  }),
  deleteMemberGroup: defineRoute({
    operationId: 'deleteMemberGroup',
    method: 'delete',
    path: '/member-groups/{id}',
    summary: 'Delete a member group',
    description:
      'Deletes the group and removes it from every member’s `groupIds`. Note the underscore in the scope.',
    tag,
    scope: 'member_groups:write',
    params: IdParams,
    successStatus: 200,
    response: SuccessResponse,
    versioned: true,
    errors: routeErrors({ ifMatch: true, writes: true, validated: true, byId: true }),
  }),
} as const;
