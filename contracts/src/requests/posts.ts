import { Type, type Static } from 'typebox';
import { Post } from '../entities/post';
import { DateTime, Uuid } from '../primitives';
import { Cursor, Limit, ListResponse } from './common';

export const ListPostsQuery = Type.Object(
  {
    roomId: Type.Optional(
      Uuid({
        description: 'Only posts of this room.',
        examples: ['3a5c7e9f-1b2d-4f6a-8c0e-2d4f6a8c0e1b'],
      }),
    ),
    limit: Limit(),
    after: Type.Optional(Cursor()),
    createdAtAfter: Type.Optional(
      DateTime({
        description: 'Only posts created strictly after this instant.',
        examples: ['2025-03-01T00:00:00Z'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListPostsQuery = Static<typeof ListPostsQuery>;

export const PostList = ListResponse(Post, 'PostList');
export type PostList = Static<typeof PostList>;
