import { Type, type Static } from 'typebox';
import { MemberGroup } from '../entities/member-group';
import { DisplayName, exampled, HexColor, Nullable } from '../primitives';
import { DataResponse, ListResponse, PageQuery } from './common';

export const ListMemberGroupsQuery = PageQuery('after');
export type ListMemberGroupsQuery = Static<typeof ListMemberGroupsQuery>;

/** A badge needs all three fields when given; its id is assigned by the API. */
export const BrandMemberBadgeInput = exampled(
  Type.Object(
    {
      name: DisplayName(50),
      foregroundColor: HexColor({
        description: 'CSS hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa.',
      }),
      backgroundColor: HexColor({
        description: 'CSS hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa.',
      }),
    },
    { $id: 'BrandMemberBadgeInput', title: 'New member badge', additionalProperties: false },
  ),
  { name: 'VIP', foregroundColor: '#FFFFFF', backgroundColor: '#6B21A8' },
);
export type BrandMemberBadgeInput = Static<typeof BrandMemberBadgeInput>;

const groupName = DisplayName(100);

export const CreateMemberGroupBody = exampled(
  Type.Object(
    { name: groupName, brandMemberBadge: Type.Optional(Nullable(BrandMemberBadgeInput)) },
    { $id: 'CreateMemberGroupBody', title: 'New member group', additionalProperties: false },
  ),
  {
    name: 'VIP customers',
    brandMemberBadge: { name: 'VIP', foregroundColor: '#FFFFFF', backgroundColor: '#6B21A8' },
  },
);
export type CreateMemberGroupBody = Static<typeof CreateMemberGroupBody>;

export const UpdateMemberGroupBody = exampled(
  Type.Object(
    {
      name: Type.Optional(groupName),
      brandMemberBadge: Type.Optional(Nullable(BrandMemberBadgeInput)),
    },
    {
      $id: 'UpdateMemberGroupBody',
      title: 'Member group changes',
      description:
        'Absent fields are unchanged; a badge replaces the current one, null removes it.',
      additionalProperties: false,
    },
  ),
  { name: 'VIP customers 2025', brandMemberBadge: null },
);
export type UpdateMemberGroupBody = Static<typeof UpdateMemberGroupBody>;

export const MemberGroupResponse = DataResponse(MemberGroup, 'MemberGroupResponse');
export type MemberGroupResponse = Static<typeof MemberGroupResponse>;

export const MemberGroupList = ListResponse(MemberGroup, 'MemberGroupList');
export type MemberGroupList = Static<typeof MemberGroupList>;
