/**
 * The WebhookEndpoint aggregate: one URL of one brand that receives signed webhook messages.
 * Stream `webhookEndpoint-<endpointId>`. The signing secret is generated at the edge and
 * arrives on the command; the domain only decides when it changes.
 */
import type { WebhookEndpointEvent, WebhookEventType } from '@brand-api/contracts';

export type {
  WebhookEndpointDisabled,
  WebhookEndpointEnabled,
  WebhookEndpointEvent,
  WebhookEndpointRegistered,
  WebhookEndpointSecretRotated,
  WebhookEndpointUpdated,
} from '@brand-api/contracts';
import { unreachable } from '../errors';

export const webhookEndpointStreamName = (webhookEndpointId: string): string =>
  `webhookEndpoint-${webhookEndpointId}`;

export type WebhookEndpointState =
  | { status: 'absent' }
  | {
      status: 'registered';
      id: string;
      brandId: string;
      url: string;
      /** null: every event type. */
      eventTypes: WebhookEventType[] | null;
      enabled: boolean;
      disabledReason: 'gone' | 'operator' | null;
      secret: string;
      previousSecret: string | null;
      previousSecretExpiresAt: string | null;
    };

export function evolveWebhookEndpoint(
  state: WebhookEndpointState,
  event: WebhookEndpointEvent,
): WebhookEndpointState {
  if (event.type === 'WebhookEndpointRegistered') {
    return {
      status: 'registered',
      id: event.data.webhookEndpointId,
      brandId: event.data.brandId,
      url: event.data.url,
      eventTypes: event.data.eventTypes === null ? null : [...event.data.eventTypes],
      enabled: true,
      disabledReason: null,
      secret: event.data.secret,
      previousSecret: null,
      previousSecretExpiresAt: null,
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'WebhookEndpointUpdated': {
      const { url, eventTypes } = event.data.changes;
      return {
        ...state,
        ...(url === undefined ? {} : { url }),
        ...(eventTypes === undefined ? {} : { eventTypes: eventTypes && [...eventTypes] }),
      };
    }
    case 'WebhookEndpointSecretRotated':
      return {
        ...state,
        previousSecret: state.secret,
        previousSecretExpiresAt: event.data.previousSecretExpiresAt,
        secret: event.data.secret,
      };
    case 'WebhookEndpointDisabled':
      return { ...state, enabled: false, disabledReason: event.data.reason };
    case 'WebhookEndpointEnabled':
      return { ...state, enabled: true, disabledReason: null };
    default:
      return unreachable(event);
  }
}
