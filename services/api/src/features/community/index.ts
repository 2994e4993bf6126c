import type { Feature } from '../feature';
import { magicLinkHandlers } from './magic-link';
import { memberGroupHandlers } from './member-groups';
import { memberHandlers } from './members';
import { postHandlers } from './posts';

/**
 * The community operations of the Brand API (SPEC §7): members, member groups, magic links
 * and posts. The member-facing commands that create posts live in `src/community`.
 */
export const communityFeature: Feature = {
  name: 'community',
  handlers(services) {
    const publicUrl = () => services.publicUrl;
    return {
      ...memberHandlers(services),
      ...memberGroupHandlers(services),
      ...magicLinkHandlers(services, publicUrl),
      ...postHandlers(services, publicUrl),
    };
  },
};
