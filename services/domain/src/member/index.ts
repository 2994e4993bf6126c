import { decideMember } from './decide';
import { evolveMember, initialMemberState } from './member';

export * from './member';
export * from './decide';
export * from './claims';
export * from './username';
export * from './acting-member';

export const memberDecider = {
  decide: decideMember,
  evolve: evolveMember,
  initialState: initialMemberState,
};
