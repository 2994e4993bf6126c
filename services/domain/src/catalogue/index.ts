import { decideProduct } from './decide-product';
import { decideVariant } from './decide-variant';
import { evolveProduct } from './product';
import { evolveVariant } from './variant';
import { absent } from '../errors';

export * from './store-id-claim';
export * from './product';
export * from './decide-product';
export * from './variant';
export * from './decide-variant';
export * from './streams';

export const productDecider = {
  decide: decideProduct,
  evolve: evolveProduct,
  initialState: absent,
};

export const variantDecider = {
  decide: decideVariant,
  evolve: evolveVariant,
  initialState: absent,
};
