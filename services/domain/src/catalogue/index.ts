import { decideProduct } from './decide-product';
import { decideVariant } from './decide-variant';
import { evolveProduct } from './product';
import { evolveVariant } from './variant';
import { decider } from '../decider';

export * from './store-id-claim';
export { changedFields } from './lifecycle';
export type { ActiveCatalogueEntity, CatalogueEntityState } from './lifecycle';
export * from './product';
export * from './decide-product';
export * from './variant';
export * from './decide-variant';
export * from './streams';

export const productDecider = decider(decideProduct, evolveProduct);

export const variantDecider = decider(decideVariant, evolveVariant);
