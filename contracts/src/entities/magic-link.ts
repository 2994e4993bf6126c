import { Type, type Static } from 'typebox';
import { exampled, HttpUrl, Uuid } from '../primitives';

export const MagicLinkResponse = exampled(
  Type.Object(
    {
      magicLink: HttpUrl({
        description: 'Single-use sign-in link, valid for 15 minutes. Send it to the member.',
      }),
      userId: Uuid({ description: 'The member the link signs in (created if new).' }),
    },
    {
      $id: 'MagicLinkResponse',
      title: 'Magic link',
      description: 'A sign-in link for a member of a brand using custom authentication.',
      additionalProperties: false,
    },
  ),
  {
    magicLink:
      'https://community.example.com/community/v1/auth/magic-link?token=q7Yx0vG3kP9sT2mW8bN4cR6dF1hJ5lZa',
    userId: '5f0c6d1e-8a4b-4c3d-9e2f-1a2b3c4d5e6f',
  },
);
export type MagicLinkResponse = Static<typeof MagicLinkResponse>;
