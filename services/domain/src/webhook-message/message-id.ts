import { createHash } from 'node:crypto';

/**
 * The `webhook-id` of the message a domain event becomes. Derived from the event id alone, so
 * replaying the projector finds the same id (and the same outbox rows) instead of sending twice,
 * and every endpoint of the brand sees the same id for the same event.
 */
export function webhookMessageId(eventId: string): string {
  const digest = createHash('sha256').update(`webhook-message:${eventId}`).digest('base64url');
  // `msg_` as Standard Webhooks' examples; base64url never contains the '.' the signature uses.
  return `msg_${digest.slice(0, 27)}`;
}
