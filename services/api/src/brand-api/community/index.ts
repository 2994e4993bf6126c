import type { Feature } from '../feature';
import { magicLinkHandlers } from './magic-link';
import { memberGroupHandlers } from './member-groups';
import { memberHandlers } from './members';
import { postHandlers } from './posts';

/**
 * The community operations of the Brand API's route table: members, member groups, magic links
 * and posts. Members create posts through the community API (`src/community-api`).
 */
export const communityFeature: Feature = {
  name: 'community',
  handlers(services) {
    return {
      ...memberHandlers(services),
      ...memberGroupHandlers(services),
      ...magicLinkHandlers(services),
      ...postHandlers(services),
    };
  },
};
