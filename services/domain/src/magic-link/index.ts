import { decideMagicLink } from './decide';
import { evolveMagicLink } from './magic-link';
import { decider } from '../decider';

export * from './magic-link';
export * from './decide';

export const magicLinkDecider = decider(decideMagicLink, evolveMagicLink);
