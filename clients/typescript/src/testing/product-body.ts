import type { BodyOf } from '@brand-api/client';

/** A valid create body of a brand product with this store id, as a store sync sends one. */
export const productBody = (storeId: string): BodyOf<'createBrandProduct'> => ({
  storeId,
  title: `Product ${storeId}`,
  description: 'Synced from the store',
  imageUrl: null,
  imageWidth: null,
  imageHeight: null,
  onlineStoreUrl: `https://shop.example.com/products/${storeId}`,
});
