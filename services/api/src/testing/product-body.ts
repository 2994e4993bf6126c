/** A valid create body of a brand product with this store id (and title). */
export const productBody = (storeId: string, title = `Product ${storeId}`) => ({
  storeId,
  title,
  description: '',
  imageUrl: null,
  imageWidth: null,
  imageHeight: null,
  onlineStoreUrl: 'https://shop.example.com/p',
});
