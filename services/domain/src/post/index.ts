import { decidePost, decidePostLike } from './decide';
import { evolvePost, evolvePostLike, initialPostLikeState } from './post';
import { absent } from '../errors';

export * from './post';
export * from './decide';

export const postDecider = {
  decide: decidePost,
  evolve: evolvePost,
  initialState: absent,
};

export const postLikeDecider = {
  decide: decidePostLike,
  evolve: evolvePostLike,
  initialState: initialPostLikeState,
};
