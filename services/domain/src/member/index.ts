import { decideMember } from './decide';
import { evolveMember } from './member';
import { decider } from '../decider';

export * from './member';
export * from './decide';
export * from './claims';
export * from './username';
export * from './acting-member';

export const memberDecider = decider(decideMember, evolveMember);
