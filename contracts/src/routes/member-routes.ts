import {
  ListMembersQuery,
  MemberList,
  MemberResponse,
  UpdateMemberBody,
} from '../requests/members';
import { byOperationId, resourceRoutes } from './resource-routes';

const members = resourceRoutes({
  tag: 'Members',
  path: '/members',
  noun: 'member',
  read: 'members:read',
  write: 'members:write',
});

export const memberRoutes = byOperationId(
  members.list({
    operationId: 'listMembers',
    description:
      'Pages through the brand’s members in a stable order, optionally those of one group (`group_id`). Pass `nextCursor` as `after` to get the next page.',
    query: ListMembersQuery,
    response: MemberList,
  }),
  members.get({
    operationId: 'getMember',
    description: 'Fetches one member by id.',
    response: MemberResponse,
  }),
  members.update({
    operationId: 'updateMember',
    description:
      'Bans or unbans a member, marks their email verified (brands using custom authentication only), or replaces their groups with `groupIds` (unknown group ids answer 400 naming them).',
    body: UpdateMemberBody,
    response: MemberResponse,
    extraErrors: ['EMAIL_VERIFICATION_NOT_ALLOWED'],
  }),
);
