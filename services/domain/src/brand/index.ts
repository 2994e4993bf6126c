import { evolveBrand } from './brand';
import { decideBrand } from './decide';
import { decider } from '../decider';

export * from './brand';
export * from './decide';

export const brandDecider = decider(decideBrand, evolveBrand);
