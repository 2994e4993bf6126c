import { Type, type Static } from 'typebox';
import { Email, Uuid } from '../primitives';
import { defineEvent } from './define-event';

/**
 * Per-brand unique member values, each held by a claim stream appended with an expected
 * version (see store-id-claim.ts). None is ever released: a custom-auth user id always
 * maps to the same member, usernames stay stable, and a signed-up email stays taken.
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

/**
 * Sign-up makes one member per email address and brand. The address is kept lower-cased, the
 * form uniqueness is decided on: `Ada@Example.com` and `ada@example.com` are one address.
 */
export const MemberEmailClaimed = defineEvent(
  'MemberEmailClaimed',
  'A member who signed up took an email address.',
  {
    brandId: Uuid(),
    email: Email({ description: 'Lower-cased.' }),
    memberId: Uuid(),
  },
);
export type MemberEmailClaimed = Static<typeof MemberEmailClaimed>;
