import { decideMagicLink } from './decide';
import { evolveMagicLink } from './magic-link';
import { absent } from '../errors';

export * from './magic-link';
export * from './decide';

export const magicLinkDecider = {
  decide: decideMagicLink,
  evolve: evolveMagicLink,
  initialState: absent,
};
