import { evolveBrand, initialBrandState } from './brand';
import { decideBrand } from './decide';

export * from './brand';
export * from './decide';

export const brandDecider = {
  decide: decideBrand,
  evolve: evolveBrand,
  initialState: initialBrandState,
};
