/**
 * Webhook endpoints in the operator API (`/admin/v1/brands/{brandId}/webhook-endpoints`):
 * register, list, read, update, rotate the secret, list attempts and messages, replay what is
 * not delivered; and one message sent now (`/admin/v1/webhook-messages/{messageId}/retry`).
 */
import { Type, type Static } from 'typebox';
import {
  DATE_TIME_PATTERN,
  HttpUrl,
  Nullable,
  Uuid,
  WEBHOOK_MESSAGE_ID_PATTERN,
} from '../primitives';
import { ChangesBody, PageQuery } from '../requests/common';
import { WebhookEventTypeSchema } from '../webhooks/webhook-envelope';
import { defineOperation } from './operation';

const DateTime = () => Type.String({ format: 'date-time' });

const EventTypes = Nullable(
  Type.Array(WebhookEventTypeSchema, {
    minItems: 1,
    description: 'Event types the endpoint receives; null (or absent at creation) for every type.',
  }),
);

export const AdminWebhookEndpoint = Type.Object(
  {
    id: Uuid(),
    brandId: Uuid(),
    url: Type.String(),
    eventTypes: Nullable(Type.Array(Type.String())),
    enabled: Type.Boolean(),
    disabledReason: Nullable(
      Type.String({ description: "'gone' (it answered 410) or 'operator'." }),
    ),
    previousSecretExpiresAt: Nullable(DateTime()),
    createdAt: Nullable(DateTime()),
    updatedAt: Nullable(DateTime()),
  },
  { additionalProperties: false },
);
export type AdminWebhookEndpoint = Static<typeof AdminWebhookEndpoint>;

export const AdminCreatedWebhookEndpoint = Type.Object(
  {
    id: Uuid(),
    url: Type.String(),
    secret: Type.String({ description: 'whsec_… signing secret: shown in this response only.' }),
    eventTypes: Nullable(Type.Array(Type.String())),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type AdminCreatedWebhookEndpoint = Static<typeof AdminCreatedWebhookEndpoint>;

export const WebhookAttempt = Type.Object({
  id: Type.Integer(),
  messageId: Type.String(),
  attempt: Type.Integer(),
  url: Type.String(),
  attemptedAt: DateTime(),
  durationMs: Type.Integer(),
  statusCode: Nullable(Type.Integer()),
  outcome: Type.Enum(['delivered', 'retrying', 'failed']),
  error: Nullable(Type.String()),
  responseExcerpt: Nullable(Type.String()),
  nextAttemptAt: Nullable(DateTime()),
});
export type WebhookAttempt = Static<typeof WebhookAttempt>;

export const WebhookMessage = Type.Object({
  id: Type.Integer(),
  messageId: Type.String(),
  eventType: Type.String(),
  status: Type.Enum(['pending', 'delivered', 'failed']),
  attempts: Type.Integer(),
  nextAttemptAt: Nullable(DateTime()),
  lastStatusCode: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  occurredAt: DateTime(),
  finishedAt: Nullable(DateTime()),
});
export type WebhookMessage = Static<typeof WebhookMessage>;

const page = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({
    hasMore: Type.Boolean(),
    data: Type.Array(item),
    nextCursor: Nullable(Type.String()),
  });

const BrandParams = Type.Object({ brandId: Uuid() }, { additionalProperties: false });
const EndpointParams = Type.Object(
  { brandId: Uuid(), endpointId: Uuid() },
  { additionalProperties: false },
);
const base = '/brands/{brandId}/webhook-endpoints';

export const webhookAdminOperations = [
  defineOperation({
    operationId: 'adminCreateWebhookEndpoint',
    method: 'post',
    path: base,
    summary: 'Register a webhook endpoint',
    description:
      "Registers a URL that receives the brand's webhook events; the signing secret is in this answer only.",
    errors: ['WEBHOOK_TARGET_NOT_ALLOWED'],
    location: '/admin/v1/brands/{brandId}/webhook-endpoints/{id}',
    params: BrandParams,
    body: Type.Object(
      { url: HttpUrl(), eventTypes: Type.Optional(EventTypes) },
      { additionalProperties: false },
    ),
    successStatus: 201,
    response: Type.Object({ data: AdminCreatedWebhookEndpoint }),
  }),
  defineOperation({
    operationId: 'adminListWebhookEndpoints',
    method: 'get',
    path: base,
    summary: 'List webhook endpoints',
    description: "Lists the brand's webhook endpoints, without their secrets.",
    params: BrandParams,
    successStatus: 200,
    response: Type.Object({ data: Type.Array(AdminWebhookEndpoint) }),
  }),
  defineOperation({
    operationId: 'adminGetWebhookEndpoint',
    method: 'get',
    path: `${base}/{endpointId}`,
    summary: 'Get a webhook endpoint',
    description: 'Fetches one webhook endpoint by id.',
    params: EndpointParams,
    successStatus: 200,
    response: Type.Object({ data: AdminWebhookEndpoint }),
  }),
  defineOperation({
    operationId: 'adminUpdateWebhookEndpoint',
    method: 'patch',
    path: `${base}/{endpointId}`,
    summary: 'Update a webhook endpoint',
    description: "Changes an endpoint's URL, event types or enabled state.",
    errors: ['WEBHOOK_TARGET_NOT_ALLOWED'],
    params: EndpointParams,
    body: ChangesBody({ url: HttpUrl(), eventTypes: EventTypes, enabled: Type.Boolean() }),
    successStatus: 200,
    response: Type.Object({ data: AdminWebhookEndpoint }),
  }),
  defineOperation({
    operationId: 'adminRotateWebhookEndpointSecret',
    method: 'post',
    path: `${base}/{endpointId}/rotate-secret`,
    summary: 'Rotate a webhook secret',
    description:
      'Issues a new signing secret; the old one keeps signing alongside it for the overlap period.',
    params: EndpointParams,
    successStatus: 200,
    response: Type.Object({
      data: Type.Object({
        id: Uuid(),
        secret: Type.String({ description: 'The new secret: shown in this response only.' }),
        previousSecretExpiresAt: DateTime(),
      }),
    }),
  }),
  defineOperation({
    operationId: 'adminListWebhookAttempts',
    method: 'get',
    path: `${base}/{endpointId}/attempts`,
    summary: 'List delivery attempts',
    description: "Lists the endpoint's delivery attempts, newest first, with status and duration.",
    params: EndpointParams,
    query: PageQuery('cursor'),
    successStatus: 200,
    response: page(WebhookAttempt),
  }),
  defineOperation({
    operationId: 'adminListWebhookMessages',
    method: 'get',
    path: `${base}/{endpointId}/messages`,
    summary: 'List webhook messages',
    description: 'Lists the messages queued for the endpoint and their delivery state.',
    params: EndpointParams,
    query: PageQuery('cursor', {
      status: Type.Optional(Type.Enum(['pending', 'delivered', 'failed'])),
    }),
    successStatus: 200,
    response: page(WebhookMessage),
  }),
  defineOperation({
    operationId: 'adminReplayWebhookMessages',
    method: 'post',
    path: `${base}/{endpointId}/replay`,
    summary: 'Replay webhook messages',
    description:
      "Sends the endpoint's failed and pending messages of events since a time now: failed ones start a fresh retry schedule, pending ones have their next attempt moved to now. A message a deliverer is sending at this moment is left to it. The endpoint must be enabled (409 otherwise).",
    errors: ['CONFLICT'],
    params: EndpointParams,
    body: Type.Object(
      {
        since: Type.String({
          format: 'date-time',
          pattern: DATE_TIME_PATTERN,
          description: 'Failed and pending messages of events at or after this instant.',
        }),
      },
      { additionalProperties: false },
    ),
    successStatus: 202,
    response: Type.Object({
      data: Type.Object({
        queued: Type.Integer({ description: 'Messages due now: `failed` + `pending`.' }),
        failed: Type.Integer({ description: 'Failed messages queued again.' }),
        pending: Type.Integer({ description: 'Pending messages whose next attempt is now.' }),
        sending: Type.Integer({
          description: 'Messages a deliverer is sending at this moment, left to it.',
        }),
      }),
    }),
  }),
  defineOperation({
    operationId: 'adminRetryWebhookMessage',
    method: 'post',
    path: '/webhook-messages/{messageId}/retry',
    summary: 'Send a webhook message now',
    description:
      'Sends a pending or failed message now to each endpoint it is not delivered to: its next attempt is due at once and the deliverers are woken (a failed one starts a fresh retry schedule, with the same `webhook-id`). A delivery a deliverer is sending at this moment is left to it, so nothing is sent twice. 409 when the message is delivered to every endpoint, or its undelivered endpoints are all disabled.',
    errors: ['CONFLICT'],
    params: Type.Object(
      {
        messageId: Type.String({
          pattern: WEBHOOK_MESSAGE_ID_PATTERN,
          description: 'The message id (`webhook-id`), as the messages and attempts lists show it.',
        }),
      },
      { additionalProperties: false },
    ),
    successStatus: 202,
    response: Type.Object({
      data: Type.Object({
        messageId: Type.String(),
        queued: Type.Integer({ description: 'Deliveries due now: `failed` + `pending`.' }),
        failed: Type.Integer({ description: 'Failed deliveries queued again.' }),
        pending: Type.Integer({ description: 'Pending deliveries whose next attempt is now.' }),
        sending: Type.Integer({
          description: 'Deliveries a deliverer is sending at this moment, left to it.',
        }),
        delivered: Type.Integer({ description: 'Endpoints it is already delivered to.' }),
        disabled: Type.Integer({
          description: 'Undelivered deliveries to disabled endpoints: not sent.',
        }),
      }),
    }),
  }),
] as const;

export type WebhookAdminOperations = typeof webhookAdminOperations;
