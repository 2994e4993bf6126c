import { decidePost, decidePostLike } from './decide';
import { evolvePost, evolvePostLike, initialPostLikeState, initialPostState } from './post';

export * from './post';
export * from './decide';

export const postDecider = {
  decide: decidePost,
  evolve: evolvePost,
  initialState: initialPostState,
};

export const postLikeDecider = {
  decide: decidePostLike,
  evolve: evolvePostLike,
  initialState: initialPostLikeState,
};
