import { decidePostComment, decidePostCommentLike } from './decide';
import {
  evolvePostComment,
  evolvePostCommentLike,
  initialPostCommentLikeState,
} from './post-comment';
import { decider } from '../decider';

export * from './post-comment';
export * from './decide';

export const postCommentDecider = decider(decidePostComment, evolvePostComment);

export const postCommentLikeDecider = {
  decide: decidePostCommentLike,
  evolve: evolvePostCommentLike,
  initialState: initialPostCommentLikeState,
};
