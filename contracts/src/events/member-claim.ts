import { Type, type Static } from 'typebox';
import { Uuid } from '../primitives';
import { defineEvent } from './define-event';

/**
 * Per-brand unique member values, each held by a claim stream appended with an expected
 * version (see store-id-claim.ts). Neither is ever released: a custom-auth user id always
 * maps to the same member, and usernames stay stable.
 */
export const CustomAuthSubClaimed = defineEvent(
  'CustomAuthSubClaimed',
  "A member was bound to a user id of the brand's own authentication.",
  {
    brandId: Uuid(),
    customAuthSub: Type.String({ minLength: 1, maxLength: 255 }),
    memberId: Uuid(),
  },
);
export type CustomAuthSubClaimed = Static<typeof CustomAuthSubClaimed>;

export const UsernameClaimed = defineEvent('UsernameClaimed', 'A member took a username.', {
  brandId: Uuid(),
  username: Type.String({ minLength: 1, maxLength: 64 }),
  memberId: Uuid(),
});
export type UsernameClaimed = Static<typeof UsernameClaimed>;

export type MemberClaimEvent = CustomAuthSubClaimed | UsernameClaimed;
