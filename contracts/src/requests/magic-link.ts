import { Type, type Static } from 'typebox';
import { Email, exampled, HttpUrl, PhoneNumber } from '../primitives';

export const MAGIC_LINK_STATE_MAX_LENGTH = 256;
export const MAGIC_LINK_RETURN_TO_MAX_LENGTH = 100;

/**
 * A relative path on the community site. `//host` and `/\host` are refused: browsers treat
 * both as another host, which would make the link an open redirect.
 */
export const RETURN_TO_PATTERN = '^/(?![/\\\\])';

export const CreateMagicLinkBody = exampled(
  Type.Object(
    {
      customAuthSub: Type.String({
        minLength: 1,
        maxLength: 255,
        description:
          "The user's id in the brand's own authentication; finds or creates the member.",
      }),
      email: Type.Optional(Email()),
      isEmailVerified: Type.Optional(
        Type.Boolean({ description: 'Whether the brand has verified the email address.' }),
      ),
      phoneNumber: Type.Optional(PhoneNumber({ description: 'E.164 phone number.' })),
      firstName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      lastName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      profilePictureUrl: Type.Optional(HttpUrl()),
      state: Type.Optional(
        Type.String({
          maxLength: MAGIC_LINK_STATE_MAX_LENGTH,
          description: 'Opaque value handed back on the redirect after sign-in.',
        }),
      ),
      returnTo: Type.Optional(
        Type.String({
          pattern: RETURN_TO_PATTERN,
          maxLength: MAGIC_LINK_RETURN_TO_MAX_LENGTH,
          description: 'Relative path (starting with a single `/`) to land on after sign-in.',
        }),
      ),
    },
    {
      $id: 'CreateMagicLinkBody',
      title: 'Magic link request',
      description:
        'One of email or phoneNumber is required. An existing member (found by customAuthSub) gets the given email and phone number; a new member is created and then needs email and firstName, which every member has.',
      anyOf: [{ required: ['email'] }, { required: ['phoneNumber'] }],
      additionalProperties: false,
    },
  ),
  {
    customAuthSub: 'auth0|64f1c2d3e4',
    email: 'ada@example.com',
    isEmailVerified: true,
    firstName: 'Ada',
    lastName: 'Lovelace',
    state: 'c2Vzc2lvbi0xMjM',
    returnTo: '/rooms/general',
  },
);
export type CreateMagicLinkBody = Static<typeof CreateMagicLinkBody>;
