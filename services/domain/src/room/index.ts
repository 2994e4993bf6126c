import { decideRoom } from './decide';
import { evolveRoom, initialRoomState } from './room';

export * from './room';
export * from './decide';

export const roomDecider = {
  decide: decideRoom,
  evolve: evolveRoom,
  initialState: initialRoomState,
};
