export { webhookMigrations } from './migrations';
export { webhookProjection, webhookProjectionName } from './projection/webhook-projection';
export { waitForWebhookProjection } from './projection/projection-waiter';
// What an event becomes lives in the domain (the events feed builds the same): re-exported here.
export {
  webhookMessageId,
  plainTextContent,
  webhookPayloadOf,
  webhookSourceEvents,
} from '@brand-api/domain';
export type { WebhookPayload } from '@brand-api/domain';
export { createDeliverer, defaultTimeoutMs } from './delivery/deliverer';
export type {
  Deliverer,
  DelivererOptions,
  DeliveryCounts,
  WebhookLogger,
} from './delivery/deliverer';
export { createNodeHttpClient, maxExcerptChars, WebhookRequestError } from './delivery/http-client';
export type {
  NodeHttpClientOptions,
  WebhookHttpClient,
  WebhookRequest,
  WebhookResponse,
} from './delivery/http-client';
export { maxAttempts, retryScheduleMs, jitterRatio } from './delivery/retry-schedule';
export { MessageSigner } from './delivery/signer';
export type { SigningSecrets } from './delivery/signer';
export {
  checkWebhookTarget,
  nonPublicKind,
  targetPolicyFromEnv,
  WebhookTargetError,
} from './delivery/target-guard';
export type { TargetPolicy } from './delivery/target-guard';
export { generateWebhookSecret, webhookSecretBytes } from './endpoints/secret';
export { InvalidWebhookCursorError } from './endpoints/cursor';
export {
  getWebhookEndpoint,
  listWebhookAttempts,
  listWebhookDeliveries,
  listWebhookEndpoints,
} from './endpoints/queries';
export { retryWebhookMessage, sendNow } from './delivery/send-now';
export type { MessageRetry, SendNowCounts, SendNowSelection } from './delivery/send-now';
export type {
  DeliveryStatus,
  IdPage,
  WebhookAttemptView,
  WebhookDeliveryView,
  WebhookEndpointView,
} from './endpoints/queries';
export { createWebhookWorker } from './worker';
export type { WebhookWorker, WebhookWorkerOptions } from './worker';
export { startWebhookRuntime } from './runtime';
export type { WebhookRuntime, WebhookRuntimeOptions } from './runtime';
