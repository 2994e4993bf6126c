import { Type, type Static, type TProperties } from 'typebox';
import { Email, Uuid } from '../primitives';
import { defineEvent } from './define-event';

/**
 * Per-brand unique member values, each held by a claim stream appended with an expected
 * version (see store-id-claim.ts). None is ever released: a custom-auth user id always
 * maps to the same member, usernames stay stable, and a signed-up email stays taken.
 */
function memberValueClaimed<const EventType extends string, const Value extends TProperties>(
  type: EventType,
  description: string,
  value: Value,
) {
  return defineEvent(type, description, { brandId: Uuid(), ...value, memberId: Uuid() });
}

export const CustomAuthSubClaimed = memberValueClaimed(
  'CustomAuthSubClaimed',
  "A member was bound to a user id of the brand's own authentication.",
  { customAuthSub: Type.String({ minLength: 1, maxLength: 255 }) },
);
export type CustomAuthSubClaimed = Static<typeof CustomAuthSubClaimed>;

export const UsernameClaimed = memberValueClaimed('UsernameClaimed', 'A member took a username.', {
  username: Type.String({ minLength: 1, maxLength: 64 }),
});
export type UsernameClaimed = Static<typeof UsernameClaimed>;

/**
 * Sign-up makes one member per email address and brand. The address is kept lower-cased, the
 * form uniqueness is decided on: `Ada@Example.com` and `ada@example.com` are one address.
 */
export const MemberEmailClaimed = memberValueClaimed(
  'MemberEmailClaimed',
  'A member who signed up took an email address.',
  { email: Email({ description: 'Lower-cased.' }) },
);
export type MemberEmailClaimed = Static<typeof MemberEmailClaimed>;
