/**
 * What a domain event becomes for a brand's integration: the webhook's id and body. One
 * definition serves the webhook projector (outbox rows) and the events feed (its read model), so
 * a webhook and the feed's event carry the same id and the same JSON.
 */
export { webhookMessageId } from './message-id';
export { plainTextContent, truncate } from './plain-text';
export {
  isWebhookSourceEvent,
  webhookEnvelopeOf,
  webhookPayloadOf,
  webhookSourceEvents,
} from './webhook-payloads';
export type { WebhookEnvelope, WebhookPayload, WebhookSourceEventType } from './webhook-payloads';
