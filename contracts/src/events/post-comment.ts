import { Type, type Static } from 'typebox';
import { DateTime, Uuid } from '../primitives';
import { actingMember } from './acting-member';
import { defineEvent } from './define-event';

/** postTitle travels with comment events because the webhooks report it. */
const commentedPost = {
  postId: Uuid(),
  postTitle: Type.String({ maxLength: 300 }),
  roomId: Uuid(),
};

export const PostCommentCreated = defineEvent(
  'PostCommentCreated',
  'A member commented on a post.',
  {
    postCommentId: Uuid(),
    ...commentedPost,
    ...actingMember,
    contentHtml: Type.String({ description: 'Already sanitised with the allow-list.' }),
    createdAt: DateTime(),
  },
);
export type PostCommentCreated = Static<typeof PostCommentCreated>;

/** Emitted once per member and comment: a repeated like is decided to no event. */
export const PostCommentLiked = defineEvent('PostCommentLiked', 'A member liked a comment.', {
  postCommentId: Uuid(),
  ...commentedPost,
  ...actingMember,
});
export type PostCommentLiked = Static<typeof PostCommentLiked>;

export type PostCommentEvent = PostCommentCreated | PostCommentLiked;
