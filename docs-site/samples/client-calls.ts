/**
 * The typed client, @brand-api/client: set-up, a write (its Idempotency-Key and retries are the
 * client's job), errors, and a write that only applies to the version you read.
 */
import { BrandApiClient, BrandApiError } from '@brand-api/client';

// #region setup
// npm install @brand-api/client   (Node 20+; ES modules and CommonJS)
const client = new BrandApiClient({
  apiKey: process.env.BRAND_API_KEY, // bk_live_…
  baseUrl: 'https://<api host>', // or set BRAND_API_URL
  retry: { maxRetries: 4 }, // network errors, 429, 503 and IDEMPOTENCY_KEY_IN_USE
});
// #endregion setup

export async function createShirt(): Promise<string> {
  // #region create
  // Each write gets an Idempotency-Key, sent again with each of its retries: applied once.
  const { data: product } = await client.brandProducts.create({
    storeId: 'shirt-1',
    title: 'Shirt',
    description: 'A plain shirt',
    imageUrl: null,
    imageWidth: null,
    imageHeight: null,
    onlineStoreUrl: 'https://shop.example.com/products/shirt-1',
  });
  // #endregion create
  return product.id;
}

export async function banMember(memberId: string): Promise<void> {
  // #region errors
  try {
    await client.members.update(memberId, { isBanned: true });
  } catch (error) {
    if (!(error instanceof BrandApiError)) throw error; // BrandApiConnectionError: no answer
    switch (error.code) {
      case 'NOT_FOUND':
        console.log(`No member ${memberId} (request ${error.requestId})`);
        return;
      case 'VALIDATION_FAILED':
        console.log(error.details?.map((detail) => `${detail.field}: ${detail.message}`));
        throw error;
      default:
        throw error;
    }
  }
  // #endregion errors
}

export async function renameIfUnchanged(productId: string, etag: string): Promise<void> {
  // #region if-match
  // 412 PRECONDITION_FAILED (a BrandApiError) if someone changed the product since `etag`.
  await client.brandProducts.update(productId, { title: 'Winter jacket' }, { ifMatch: etag });
  // #endregion if-match
}
