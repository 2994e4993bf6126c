import { decidePostComment, decidePostCommentLike } from './decide';
import { evolvePostComment } from './post-comment';
import { decider, likeDecider } from '../decider';

export * from './post-comment';
export * from './decide';

export const postCommentDecider = decider(decidePostComment, evolvePostComment);

export const postCommentLikeDecider = likeDecider(decidePostCommentLike);
