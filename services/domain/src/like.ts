/**
 * A member's like of a post or of a comment: one small stream per member and liked item, so a
 * popular post's likes never contend with each other and a repeated like is a no-op. The post
 * and comment deciders say whether a like is allowed; the state and its folding are the same.
 */
import type { Decider } from './decider';

export const postLikeStreamName = (postId: string, memberId: string): string =>
  `postLike-${postId}-${memberId}`;

export const postCommentLikeStreamName = (postCommentId: string, memberId: string): string =>
  `postCommentLike-${postCommentId}-${memberId}`;

/** Whether the member has liked the post or comment: once liked, a like changes nothing. */
export interface LikeState {
  liked: boolean;
}

/** The decider of a like stream: `decide` records the like unless the state says it is there. */
export function likeDecider<Command, Liked>(
  decide: (command: Command, state: LikeState) => Liked[],
): Decider<Command, LikeState, Liked> {
  return { decide, evolve: () => ({ liked: true }), initialState: () => ({ liked: false }) };
}
