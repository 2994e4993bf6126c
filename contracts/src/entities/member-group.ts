import { Type, type Static } from 'typebox';
import { exampled, exampleOf, HexColor, Nullable, Uuid } from '../primitives';

export const BrandMemberBadge = exampled(
  Type.Object(
    {
      id: Uuid({ description: 'Badge id.' }),
      name: Type.String({ minLength: 1, maxLength: 50 }),
      foregroundColor: HexColor({ description: 'Text colour, a CSS hex colour.' }),
      backgroundColor: HexColor({ description: 'Background colour, a CSS hex colour.' }),
    },
    {
      $id: 'BrandMemberBadge',
      title: 'Member badge',
      description: "The badge shown beside the names of a group's members.",
      additionalProperties: false,
    },
  ),
  {
    id: '7d3c9b1a-2e4f-4a6b-8c0d-1e2f3a4b5c6d',
    name: 'VIP',
    foregroundColor: '#FFFFFF',
    backgroundColor: '#6B21A8',
  },
);
export type BrandMemberBadge = Static<typeof BrandMemberBadge>;

export const MemberGroup = exampled(
  Type.Object(
    {
      id: Uuid({ description: 'Member group id.' }),
      name: Type.String({ minLength: 1, maxLength: 100 }),
      brandMemberBadge: Nullable(BrandMemberBadge),
    },
    {
      $id: 'MemberGroup',
      title: 'Member group',
      description: 'A named group of members, optionally with a badge.',
      additionalProperties: false,
    },
  ),
  {
    id: '0b7e2a55-3c1d-4f6e-8a9b-0c1d2e3f4a5b',
    name: 'VIP customers',
    brandMemberBadge: exampleOf(BrandMemberBadge),
  },
);
export type MemberGroup = Static<typeof MemberGroup>;
