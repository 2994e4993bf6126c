import { decidePost, decidePostLike } from './decide';
import { evolvePost, evolvePostLike, initialPostLikeState } from './post';
import { decider } from '../decider';

export * from './post';
export * from './decide';

export const postDecider = decider(decidePost, evolvePost);

export const postLikeDecider = {
  decide: decidePostLike,
  evolve: evolvePostLike,
  initialState: initialPostLikeState,
};
