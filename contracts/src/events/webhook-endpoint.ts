import { Type, type Static } from 'typebox';
import { DateTime, HttpUrl, Nullable, Uuid } from '../primitives';
import { WebhookEventTypeSchema } from '../webhooks/webhook-envelope';
import { changesOf, defineEvent } from './define-event';

/**
 * The signing secret is kept in the event (the deliverer must sign with it, so a hash would
 * not do). Event logs holding secrets need the same protection as the secrets themselves.
 */
const WebhookSecret = () =>
  Type.String({ pattern: '^whsec_[A-Za-z0-9+/=]{32,}$', description: 'Standard Webhooks secret.' });

const endpointFields = {
  url: HttpUrl(),
  eventTypes: Nullable(
    Type.Array(WebhookEventTypeSchema, {
      minItems: 1,
      uniqueItems: true,
      description: 'Event types delivered to the endpoint; null delivers every type.',
    }),
  ),
};

export const WebhookEndpointRegistered = defineEvent(
  'WebhookEndpointRegistered',
  'A webhook endpoint was registered for the brand; it starts enabled.',
  { webhookEndpointId: Uuid(), brandId: Uuid(), ...endpointFields, secret: WebhookSecret() },
);
export type WebhookEndpointRegistered = Static<typeof WebhookEndpointRegistered>;

export const WebhookEndpointUpdated = defineEvent(
  'WebhookEndpointUpdated',
  "A webhook endpoint's URL or event types changed.",
  { webhookEndpointId: Uuid(), changes: changesOf(endpointFields) },
);
export type WebhookEndpointUpdated = Static<typeof WebhookEndpointUpdated>;

/** Messages are signed with both secrets until the previous one expires (24 h). */
export const WebhookEndpointSecretRotated = defineEvent(
  'WebhookEndpointSecretRotated',
  "A webhook endpoint's signing secret was replaced.",
  { webhookEndpointId: Uuid(), secret: WebhookSecret(), previousSecretExpiresAt: DateTime() },
);
export type WebhookEndpointSecretRotated = Static<typeof WebhookEndpointSecretRotated>;

export const WebhookEndpointDisabled = defineEvent(
  'WebhookEndpointDisabled',
  'A webhook endpoint stopped receiving messages: it answered 410 Gone, or an operator disabled it.',
  {
    webhookEndpointId: Uuid(),
    reason: Type.Enum(['gone', 'operator']),
    detail: Nullable(Type.String({ maxLength: 500 })),
  },
);
export type WebhookEndpointDisabled = Static<typeof WebhookEndpointDisabled>;

export const WebhookEndpointEnabled = defineEvent(
  'WebhookEndpointEnabled',
  'An operator enabled a disabled webhook endpoint again.',
  { webhookEndpointId: Uuid() },
);
export type WebhookEndpointEnabled = Static<typeof WebhookEndpointEnabled>;

export type WebhookEndpointEvent =
  | WebhookEndpointRegistered
  | WebhookEndpointUpdated
  | WebhookEndpointSecretRotated
  | WebhookEndpointDisabled
  | WebhookEndpointEnabled;
