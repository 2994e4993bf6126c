import { decideMemberGroup } from './decide';
import { evolveMemberGroup } from './member-group';
import { decider } from '../decider';

export * from './member-group';
export * from './decide';

export const memberGroupDecider = decider(decideMemberGroup, evolveMemberGroup);
