import { Type, type Static } from 'typebox';
import { DisplayName, Email, exampled, HttpUrl, PhoneNumber } from '../primitives';

export const MAGIC_LINK_STATE_MAX_LENGTH = 256;
export const MAGIC_LINK_RETURN_TO_MAX_LENGTH = 100;

/**
 * A relative path on the community site. `//host` and `/\host` are refused: browsers treat
 * both as another host, which would make the link an open redirect. The pattern is the cheap
 * first check (and what the OpenAPI document shows); {@link resolveReturnTo} is the real one.
 */
export const RETURN_TO_PATTERN = '^/(?![/\\\\])';

export const RETURN_TO_RULE =
  'must stay on the community site: a path that, resolved as a browser would, neither leaves the site nor starts with //';

/**
 * Where a `returnTo` lands, resolved against the site's origin by the WHATWG URL parser, as a
 * browser resolves a redirect: dot segments (also `%2e`), backslashes, tabs and newlines are
 * all taken into account. Undefined when it would leave the site, or when its path starts with
 * `//` (a browser would read that path, sent back as a relative redirect, as another host).
 */
export function resolveReturnTo(returnTo: string, siteOrigin: string): URL | undefined {
  if (!returnTo.startsWith('/')) return undefined;
  let target: URL;
  try {
    target = new URL(returnTo, siteOrigin);
  } catch {
    return undefined;
  }
  if (target.origin !== new URL(siteOrigin).origin) return undefined;
  if (target.pathname.startsWith('//')) return undefined;
  return target;
}

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
      firstName: Type.Optional(DisplayName(100)),
      lastName: Type.Optional(
        DisplayName(100, {
          description: 'Leading and trailing whitespace is removed; blank means no last name.',
        }),
      ),
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
          description:
            'Relative path (starting with a single `/`) to land on after sign-in. Refused (400) when, resolved against the community site as a browser would (dot segments, `%2e`, backslashes, tabs and newlines included), it leaves the site or its path starts with `//`.',
        }),
      ),
    },
    {
      $id: 'CreateMagicLinkBody',
      title: 'Magic link request',
      description:
        'One of email or phoneNumber is required. An existing member (found by customAuthSub) gets the given email and phone number; a new member is created and then needs email and firstName, which every member has.',
      // Titled so the reference names the alternatives apart (a title-less branch shows the
      // object's own title).
      anyOf: [
        { title: 'With email', required: ['email'] },
        { title: 'With phone number', required: ['phoneNumber'] },
      ],
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
