/**
 * @brand-api/client — the typed TypeScript client of the Brand API (Node 20+, global fetch).
 *
 *   const client = new BrandApiClient({ apiKey, baseUrl: 'https://api.example.com' });
 *   for await (const product of client.brandProducts.all()) console.log(product.title);
 */
export {
  BrandApiClient,
  CatalogueResource,
  ListedResource,
  MagicLinksResource,
  MemberGroupsResource,
  MembersResource,
  PostsResource,
} from './client';
export type {
  AnswerOf,
  BodyOf,
  BrandApiClientOptions,
  ParamsOf,
  QueryOf,
  RequestInput,
} from './client';
export { EventsResource } from './events';
export type { RawStreamEvent, StreamOptions } from './events';
export { BrandApiConnectionError, BrandApiError } from './errors';
export { BULK_BATCH_SIZE, parseRateLimit } from './bulk';
export type { SyncInput, SyncOptions, SyncResult } from './bulk';
export type { Page } from './pagination';
export { defaultRetryPolicy } from './retry';
export type { RetryOptions } from './retry';
export type { CallOptions } from './transport';
export {
  isWebhookEvent,
  newWebhookSecret,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
} from './webhooks';
export type { WebhookHeaders } from './webhooks';
export type * from './contract-types';
