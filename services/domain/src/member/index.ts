import { decideMember } from './decide';
import { evolveMember } from './member';
import { absent } from '../errors';

export * from './member';
export * from './decide';
export * from './claims';
export * from './username';
export * from './acting-member';

export const memberDecider = {
  decide: decideMember,
  evolve: evolveMember,
  initialState: absent,
};
