import { decidePostComment, decidePostCommentLike } from './decide';
import {
  evolvePostComment,
  evolvePostCommentLike,
  initialPostCommentLikeState,
  initialPostCommentState,
} from './post-comment';

export * from './post-comment';
export * from './decide';

export const postCommentDecider = {
  decide: decidePostComment,
  evolve: evolvePostComment,
  initialState: initialPostCommentState,
};

export const postCommentLikeDecider = {
  decide: decidePostCommentLike,
  evolve: evolvePostCommentLike,
  initialState: initialPostCommentLikeState,
};
