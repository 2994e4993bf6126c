import { Type, type Static } from 'typebox';
import { PostType } from '../entities/post';
import { DateTime, Nullable, Uuid } from '../primitives';
import { actingMember } from './acting-member';
import { defineEvent } from './define-event';

export const PostCreated = defineEvent('PostCreated', 'A member posted in a room.', {
  postId: Uuid(),
  roomId: Uuid(),
  ...actingMember,
  type: PostType,
  title: Type.String({ maxLength: 300 }),
  contentHtml: Type.String({ description: 'Already sanitised with the allow-list.' }),
  isPublished: Type.Boolean(),
  createdAt: DateTime(),
  publishedAt: Nullable(DateTime()),
});
export type PostCreated = Static<typeof PostCreated>;

export const PostPinned = defineEvent('PostPinned', 'A moderator or admin pinned a post.', {
  postId: Uuid(),
  roomId: Uuid(),
});
export type PostPinned = Static<typeof PostPinned>;

export const PostUnpinned = defineEvent('PostUnpinned', 'A moderator or admin unpinned a post.', {
  postId: Uuid(),
  roomId: Uuid(),
});
export type PostUnpinned = Static<typeof PostUnpinned>;

/** Emitted once per member and post: a repeated like is decided to no event. */
export const PostLiked = defineEvent('PostLiked', 'A member liked a post.', {
  postId: Uuid(),
  roomId: Uuid(),
  ...actingMember,
});
export type PostLiked = Static<typeof PostLiked>;

export type PostEvent = PostCreated | PostPinned | PostUnpinned | PostLiked;
