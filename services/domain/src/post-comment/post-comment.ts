/**
 * The PostComment aggregate: a member's comment on a post. Stream `postComment-<id>`; likes
 * are in streams of their own (like.ts).
 */
import type { PostCommentCreated, PostCommentEvent } from '@brand-api/contracts';
import { existing } from '../errors';

export type { PostCommentEvent };

export const postCommentStreamName = (postCommentId: string): string =>
  `postComment-${postCommentId}`;

export interface LivePostComment {
  status: 'active';
  id: string;
  postId: string;
  postTitle: string;
  roomId: string;
  authorId: string;
  contentHtml: string;
  createdAt: string;
}

export type PostCommentState = { status: 'absent' } | LivePostComment;

export function evolvePostComment(
  _state: PostCommentState,
  event: PostCommentCreated,
): PostCommentState {
  const { data } = event;
  return {
    status: 'active',
    id: data.postCommentId,
    postId: data.postId,
    postTitle: data.postTitle,
    roomId: data.roomId,
    authorId: data.memberId,
    contentHtml: data.contentHtml,
    createdAt: data.createdAt,
  };
}

export function livePostComment(state: PostCommentState): LivePostComment {
  return existing(state, 'Comment not found');
}

/** What the community app gets back for a comment. */
export interface PostCommentView {
  id: string;
  postId: string;
  userId: string;
  contentHtml: string;
  createdAt: string;
}

export function postCommentView(state: LivePostComment): PostCommentView {
  return {
    id: state.id,
    postId: state.postId,
    userId: state.authorId,
    contentHtml: state.contentHtml,
    createdAt: state.createdAt,
  };
}
