import type { PostCommentCreated, PostCommentLiked } from '@brand-api/contracts';
import type { ActingMember } from '../member/acting-member';
import { actingFields, assertMayAct } from '../member/acting-member';
import { livePost, requireContentHtml } from '../post/decide';
import type { PostState } from '../post/post';
import { livePostComment } from './post-comment';
import type { PostCommentState } from './post-comment';
import type { LikeState } from '../like';
import { assertNew } from '../errors';

export interface CreatePostComment {
  type: 'CreatePostComment';
  data: {
    postCommentId: string;
    /** The post as loaded from its stream (absent when unknown or another brand's). */
    post: PostState;
    actor: ActingMember;
    /** Already sanitised with the allow-list by the edge. */
    contentHtml: string;
    now: string;
  };
}

export type PostCommentCommand = CreatePostComment;

export function decidePostComment(
  command: PostCommentCommand,
  state: PostCommentState,
): PostCommentCreated[] {
  const { postCommentId, actor, now } = command.data;
  assertMayAct(actor);
  const post = livePost(command.data.post);
  assertNew(state, 'A comment with this id already exists');
  return [
    {
      type: 'PostCommentCreated',
      schemaVersion: 1,
      data: {
        postCommentId,
        postId: post.id,
        postTitle: post.title,
        roomId: post.roomId,
        ...actingFields(actor),
        contentHtml: requireContentHtml(command.data.contentHtml),
        createdAt: now,
      },
    },
  ];
}

export interface LikePostComment {
  type: 'LikePostComment';
  data: { comment: PostCommentState; actor: ActingMember };
}

/** Decides on the like stream of one member and comment: a second like changes nothing. */
export function decidePostCommentLike(
  command: LikePostComment,
  state: LikeState,
): PostCommentLiked[] {
  const { comment, actor } = command.data;
  assertMayAct(actor);
  const liked = livePostComment(comment);
  if (state.liked) return [];
  return [
    {
      type: 'PostCommentLiked',
      schemaVersion: 1,
      data: {
        postCommentId: liked.id,
        postId: liked.postId,
        postTitle: liked.postTitle,
        roomId: liked.roomId,
        ...actingFields(actor),
      },
    },
  ];
}
