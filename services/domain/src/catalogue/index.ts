import { decideProduct } from './decide-product';
import { decideVariant } from './decide-variant';
import { evolveProduct, initialProductState } from './product';
import { evolveVariant, initialVariantState } from './variant';

export * from './store-id-claim';
export * from './product';
export * from './decide-product';
export * from './variant';
export * from './decide-variant';
export * from './streams';

export const productDecider = {
  decide: decideProduct,
  evolve: evolveProduct,
  initialState: initialProductState,
};

export const variantDecider = {
  decide: decideVariant,
  evolve: evolveVariant,
  initialState: initialVariantState,
};
