import { evolveBrand } from './brand';
import { decideBrand } from './decide';
import { absent } from '../errors';

export * from './brand';
export * from './decide';

export const brandDecider = {
  decide: decideBrand,
  evolve: evolveBrand,
  initialState: absent,
};
