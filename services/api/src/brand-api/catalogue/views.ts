import type { BrandProduct, BrandProductVariant } from '@brand-api/contracts';
import type { ActiveProduct, ActiveVariant } from '@brand-api/domain';

/** Write responses come from the decided state, never from a second read (the decided state is what was appended; a read model may still be behind it). */
export const productView = (product: ActiveProduct): BrandProduct => ({
  id: product.id,
  ...product.fields,
  updatedAt: product.updatedAt,
  createdAt: product.createdAt,
});

export const variantView = (variant: ActiveVariant): BrandProductVariant => ({
  id: variant.id,
  ...variant.fields,
  updatedAt: variant.updatedAt,
  createdAt: variant.createdAt,
});
