import { Type, type Static } from 'typebox';
import { Email, exampled, Nullable, Uuid } from '../primitives';

/** The member as a webhook receiver or a brand's own system knows them. */
export const UserReference = exampled(
  Type.Object(
    {
      id: Uuid({ description: 'Member id.' }),
      customAuthSub: Nullable(
        Type.String({
          minLength: 1,
          maxLength: 255,
          description: "The member's id in the brand's own authentication (custom auth), or null.",
        }),
      ),
      email: Email({ description: "The member's email address." }),
    },
    {
      $id: 'UserReference',
      title: 'User reference',
      description: 'A reference to a member, as embedded in webhook payloads.',
      additionalProperties: false,
    },
  ),
  {
    id: '5f0c6d1e-8a4b-4c3d-9e2f-1a2b3c4d5e6f',
    customAuthSub: 'auth0|64f1c2d3e4',
    email: 'ada@example.com',
  },
);
export type UserReference = Static<typeof UserReference>;
