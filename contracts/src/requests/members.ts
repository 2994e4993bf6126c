import { Type, type Static } from 'typebox';
import { Member } from '../entities/member';
import { exampled, Uuid } from '../primitives';
import { DataResponse, ListResponse, PageQuery } from './common';

export const ListMembersQuery = PageQuery('after', {
  group_id: Type.Optional(
    Uuid({
      description: 'Only members of this member group.',
      examples: ['0b7e2a55-3c1d-4f6e-8a9b-0c1d2e3f4a5b'],
    }),
  ),
});
export type ListMembersQuery = Static<typeof ListMembersQuery>;

export const UpdateMemberBody = exampled(
  Type.Object(
    {
      isBanned: Type.Optional(Type.Boolean({ description: 'Ban or unban the member.' })),
      isEmailVerified: Type.Optional(
        Type.Boolean({
          description:
            'Only brands using custom authentication may set this (403 EMAIL_VERIFICATION_NOT_ALLOWED otherwise).',
        }),
      ),
      groupIds: Type.Optional(
        Type.Array(Uuid(), {
          uniqueItems: true,
          maxItems: 100,
          description: "Replaces the member's groups; every id must be a group of the brand.",
        }),
      ),
    },
    {
      $id: 'UpdateMemberBody',
      title: 'Member changes',
      description: 'Absent fields are unchanged.',
      additionalProperties: false,
    },
  ),
  { isBanned: true, groupIds: ['0b7e2a55-3c1d-4f6e-8a9b-0c1d2e3f4a5b'] },
);
export type UpdateMemberBody = Static<typeof UpdateMemberBody>;

export const MemberResponse = DataResponse(Member, 'MemberResponse');
export type MemberResponse = Static<typeof MemberResponse>;

export const MemberList = ListResponse(Member, 'MemberList');
export type MemberList = Static<typeof MemberList>;
