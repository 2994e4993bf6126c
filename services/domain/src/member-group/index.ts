import { decideMemberGroup } from './decide';
import { evolveMemberGroup, initialMemberGroupState } from './member-group';

export * from './member-group';
export * from './decide';

export const memberGroupDecider = {
  decide: decideMemberGroup,
  evolve: evolveMemberGroup,
  initialState: initialMemberGroupState,
};
