import type { StoreIdClaimed } from '@brand-api/contracts';

export type StoreIdKind = StoreIdClaimed['data']['kind'];

export const productStreamName = (productId: string): string => `product-${productId}`;
export const variantStreamName = (variantId: string): string => `variant-${variantId}`;

/**
 * The claim stream of a store id. Store ids are free text of up to 255 characters, so the
 * stream is named by a digest of it (computed at the edge: the domain does no hashing).
 */
export const storeIdClaimStreamName = (
  kind: StoreIdKind,
  brandId: string,
  storeIdDigest: string,
): string => `${kind}-store-id-${brandId}-${storeIdDigest}`;
