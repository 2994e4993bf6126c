import { decideRoom } from './decide';
import { evolveRoom } from './room';
import { decider } from '../decider';

export * from './room';
export * from './decide';

export const roomDecider = decider(decideRoom, evolveRoom);
