/**
 * The operator calls on a brand's community (`/admin/v1`): rooms, and members' roles.
 */
import { Type, type Static } from 'typebox';
import { MemberRole } from '../entities/member';
import { Uuid } from '../primitives';
import { MemberResponse } from '../requests/members';
import { defineOperation } from './operation';

export const AdminRoom = Type.Object(
  { id: Uuid(), name: Type.String() },
  { additionalProperties: false },
);
export type AdminRoom = Static<typeof AdminRoom>;

export const roomAdminOperations = [
  defineOperation({
    operationId: 'adminCreateRoom',
    method: 'post',
    path: '/brands/{brandId}/rooms',
    summary: 'Create a room',
    description: "Creates a room of the brand's community, where members post.",
    location: '/admin/v1/brands/{brandId}/rooms/{id}',
    params: Type.Object({ brandId: Uuid() }, { additionalProperties: false }),
    body: Type.Object(
      { name: Type.String({ minLength: 1, maxLength: 100 }) },
      { additionalProperties: false },
    ),
    successStatus: 201,
    response: Type.Object({ data: AdminRoom }),
  }),
] as const;

/**
 * Operators appoint moderators and admins (`/admin/v1`): an operator concern, so it is not in
 * the brand-facing Brand API, where a key could otherwise promote anyone.
 */
export const memberAdminOperations = [
  defineOperation({
    operationId: 'adminSetMemberRole',
    method: 'patch',
    path: '/brands/{brandId}/members/{memberId}',
    summary: "Set a member's role",
    description: 'Appoints a member ADMIN or MODERATOR, or makes them a CUSTOMER again.',
    params: Type.Object({ brandId: Uuid(), memberId: Uuid() }, { additionalProperties: false }),
    body: Type.Object({ role: MemberRole }, { additionalProperties: false }),
    successStatus: 200,
    response: MemberResponse,
  }),
] as const;
