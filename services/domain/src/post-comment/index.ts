import { decidePostComment, decidePostCommentLike } from './decide';
import { evolvePostComment } from './post-comment';
import { decider } from '../decider';
import { likeDecider } from '../like';

export * from './post-comment';
export * from './decide';

export const postCommentDecider = decider(decidePostComment, evolvePostComment);

export const postCommentLikeDecider = likeDecider(decidePostCommentLike);
