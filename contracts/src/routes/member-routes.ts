import { IdParams } from '../requests/common';
import {
  ListMembersQuery,
  MemberList,
  MemberResponse,
  UpdateMemberBody,
} from '../requests/members';
import { defineRoute } from './route-definition';
import { routeErrors } from './route-errors';

const tag = 'Members';

export const memberRoutes = {
  listMembers: defineRoute({
    operationId: 'listMembers',
    method: 'get',
    path: '/members',
    summary: 'List members',
    description:
      'Pages through the brand’s members in a stable order, optionally those of one group (`group_id`). Pass `nextCursor` as `after` to get the next page.',
    tag,
    scope: 'members:read',
    query: ListMembersQuery,
    successStatus: 200,
    response: MemberList,
    errors: routeErrors({ validated: true }),
  }),
  getMember: defineRoute({
    operationId: 'getMember',
    method: 'get',
    path: '/members/{id}',
    summary: 'Get a member',
    description: 'Fetches one member by id.',
    tag,
    scope: 'members:read',
    params: IdParams,
    successStatus: 200,
    response: MemberResponse,
    versioned: true,
    errors: routeErrors({ validated: true, byId: true }),
  }),
  updateMember: defineRoute({
    operationId: 'updateMember',
    method: 'patch',
    path: '/members/{id}',
    summary: 'Update a member',
    description:
      'Bans or unbans a member, marks their email verified (brands using custom authentication only), or replaces their groups with `groupIds` (unknown group ids answer 400 naming them).',
    tag,
    scope: 'members:write',
    params: IdParams,
    body: UpdateMemberBody,
    successStatus: 200,
    response: MemberResponse,
    versioned: true,
    errors: routeErrors({
      ifMatch: true,
      writes: true,
      body: true,
      byId: true,
      extra: ['EMAIL_VERIFICATION_NOT_ALLOWED'],
    }),
  }),
} as const;
