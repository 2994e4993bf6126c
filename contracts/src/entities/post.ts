import { Type, type Static } from 'typebox';
import { DateTime, exampled, HttpUrl, Nullable, Uuid } from '../primitives';

export const postTypes = ['TEXT', 'PRODUCT_REVIEW', 'POLL', 'WELCOME'] as const;
export const PostType = Type.Enum(postTypes, { $id: 'PostType', title: 'Post type' });
export type PostType = Static<typeof PostType>;

export const Post = exampled(
  Type.Object(
    {
      id: Uuid({ description: 'Post id.' }),
      roomId: Uuid({ description: 'The room the post was made in.' }),
      userId: Uuid({ description: 'The member who wrote the post.' }),
      url: HttpUrl({ description: 'The post on the community site.' }),
      title: Type.String({ maxLength: 300 }),
      contentHtml: Type.String({
        description: 'Sanitised HTML: scripts and event handlers are removed when posted.',
      }),
      isPinned: Type.Boolean(),
      createdAt: DateTime(),
      publishedAt: Nullable(DateTime({ description: 'Null while the post is not published.' })),
      isPublished: Type.Boolean(),
      type: PostType,
    },
    {
      $id: 'Post',
      title: 'Post',
      description: 'A post in a community room.',
      additionalProperties: false,
    },
  ),
  {
    id: 'e1d2c3b4-a5f6-4789-8abc-def012345678',
    roomId: '3a5c7e9f-1b2d-4f6a-8c0e-2d4f6a8c0e1b',
    userId: '5f0c6d1e-8a4b-4c3d-9e2f-1a2b3c4d5e6f',
    url: 'https://community.example.com/posts/e1d2c3b4-a5f6-4789-8abc-def012345678',
    title: 'First run in the Trail Runner 2',
    contentHtml: '<p>Ten miles of mud and my feet are still dry.</p>',
    isPinned: false,
    createdAt: '2025-03-02T18:30:00.000Z',
    publishedAt: '2025-03-02T18:30:00.000Z',
    isPublished: true,
    type: 'PRODUCT_REVIEW',
  },
);
export type Post = Static<typeof Post>;
