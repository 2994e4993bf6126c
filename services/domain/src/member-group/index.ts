import { decideMemberGroup } from './decide';
import { evolveMemberGroup } from './member-group';
import { absent } from '../errors';

export * from './member-group';
export * from './decide';

export const memberGroupDecider = {
  decide: decideMemberGroup,
  evolve: evolveMemberGroup,
  initialState: absent,
};
