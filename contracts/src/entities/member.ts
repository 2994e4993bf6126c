import { Type, type Static } from 'typebox';
import { Email, exampled, Nullable, PhoneNumber, Uuid } from '../primitives';

export const memberRoles = ['ADMIN', 'MODERATOR', 'CUSTOMER'] as const;
export const MemberRole = Type.Enum(memberRoles, {
  $id: 'MemberRole',
  title: 'Member role',
  description: "A member's role in the community.",
});
export type MemberRole = Static<typeof MemberRole>;

/** A member of the brand's community. Required and nullable fields are as the product defines a member. */
export const Member = exampled(
  Type.Object(
    {
      id: Uuid({ description: 'Member id.' }),
      username: Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'Generated when the member joins; unique within the brand and stable.',
      }),
      firstName: Type.String({ minLength: 1, maxLength: 100 }),
      lastName: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
      email: Email(),
      phoneNumber: Type.Optional(PhoneNumber({ description: 'E.164 phone number.' })),
      isEmailVerified: Type.Boolean(),
      isBanned: Type.Optional(
        Type.Boolean({ description: 'A banned member can no longer post, comment or like.' }),
      ),
      role: MemberRole,
      groupIds: Type.Array(Uuid(), {
        uniqueItems: true,
        description: 'Ids of the member groups the member belongs to.',
      }),
    },
    {
      $id: 'Member',
      title: 'Member',
      description: "A member of the brand's community.",
      additionalProperties: false,
    },
  ),
  {
    id: '5f0c6d1e-8a4b-4c3d-9e2f-1a2b3c4d5e6f',
    username: 'ada-lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phoneNumber: '+447700900123',
    isEmailVerified: true,
    isBanned: false,
    role: 'CUSTOMER',
    groupIds: ['0b7e2a55-3c1d-4f6e-8a9b-0c1d2e3f4a5b'],
  },
);
export type Member = Static<typeof Member>;
