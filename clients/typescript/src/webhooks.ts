/**
 * Webhook verification on the `standardwebhooks` library: the signature, the timestamp's
 * tolerance (5 minutes) and the body, then the body typed as the event it is.
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { WebhookEvent } from './contract-types';

export { WebhookVerificationError };

/** Headers as Node's `IncomingMessage`, a Fetch `Headers` or a plain object give them. */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

function headerValue(headers: WebhookHeaders, name: string): string {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? '';
  const record = headers as Record<string, string | readonly string[] | undefined>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(',') : ((value as string | undefined) ?? '');
}

/**
 * Verifies a delivery and answers its body as a typed event; throws `WebhookVerificationError`
 * when the signature, the timestamp or the headers are wrong. Pass the body exactly as received
 * (a string or the raw bytes), not parsed and re-serialised JSON.
 */
export function verifyWebhook(
  body: string | Buffer | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
): WebhookEvent {
  const payload = typeof body === 'string' ? body : Buffer.from(body);
  return new Webhook(secret).verify(payload, {
    'webhook-id': headerValue(headers, 'webhook-id'),
    'webhook-timestamp': headerValue(headers, 'webhook-timestamp'),
    'webhook-signature': headerValue(headers, 'webhook-signature'),
  }) as WebhookEvent;
}

/** The Standard Webhooks headers for `body`, signed with `secret` (used by `brand-api listen`). */
export function signWebhook(
  secret: string,
  message: { id: string; body: string; timestamp?: Date },
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = message.timestamp ?? new Date();
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(message.id, timestamp, message.body),
  };
}

/** A new `whsec_…` secret: 24 random bytes in base64, as Standard Webhooks secrets are. */
export function newWebhookSecret(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  return `whsec_${Buffer.from(bytes).toString('base64')}`;
}

/** Narrows an event by its type: `if (isWebhookEvent(event, 'user.joined')) event.data.email`. */
export function isWebhookEvent<T extends WebhookEvent['type']>(
  event: WebhookEvent,
  type: T,
): event is Extract<WebhookEvent, { type: T }> {
  return event.type === type;
}
