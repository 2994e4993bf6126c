import { decidePostComment, decidePostCommentLike } from './decide';
import {
  evolvePostComment,
  evolvePostCommentLike,
  initialPostCommentLikeState,
} from './post-comment';
import { absent } from '../errors';

export * from './post-comment';
export * from './decide';

export const postCommentDecider = {
  decide: decidePostComment,
  evolve: evolvePostComment,
  initialState: absent,
};

export const postCommentLikeDecider = {
  decide: decidePostCommentLike,
  evolve: evolvePostCommentLike,
  initialState: initialPostCommentLikeState,
};
