import { decidePost, decidePostLike } from './decide';
import { evolvePost } from './post';
import { decider } from '../decider';
import { likeDecider } from '../like';

export * from './post';
export * from './decide';

export const postDecider = decider(decidePost, evolvePost);

export const postLikeDecider = likeDecider(decidePostLike);
