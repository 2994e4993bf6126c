import { decideRoom } from './decide';
import { evolveRoom } from './room';
import { absent } from '../errors';

export * from './room';
export * from './decide';

export const roomDecider = {
  decide: decideRoom,
  evolve: evolveRoom,
  initialState: absent,
};
