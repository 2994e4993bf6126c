import { decideMagicLink } from './decide';
import { evolveMagicLink, initialMagicLinkState } from './magic-link';

export * from './magic-link';
export * from './decide';

export const magicLinkDecider = {
  decide: decideMagicLink,
  evolve: evolveMagicLink,
  initialState: initialMagicLinkState,
};
