import { webhookSchemas } from '@brand-api/contracts';
import type { DomainEventOf, WebhookEndpointEvent, WebhookEventType } from '@brand-api/contracts';
import type { CommandMetadata, Projection, Queryable } from '@brand-api/event-store';
import { rowsStatement } from '@brand-api/event-store';
import type { RecordedEvent, SqlStatement } from '@brand-api/event-store';
import { Compile } from 'typebox/compile';
import {
  isWebhookSourceEvent,
  webhookEnvelopeOf,
  webhookMessageId,
  webhookSourceEvents,
} from '@brand-api/domain';
import type { WebhookSourceEventType } from '@brand-api/domain';

export const webhookProjectionName = 'webhooks';

const webhookSourceEventTypes = Object.keys(webhookSourceEvents).filter(isWebhookSourceEvent);

const endpointEventTypes = [
  'WebhookEndpointRegistered',
  'WebhookEndpointUpdated',
  'WebhookEndpointSecretRotated',
  'WebhookEndpointDisabled',
  'WebhookEndpointEnabled',
] as const satisfies readonly WebhookEndpointEvent['type'][];

const validators = Object.fromEntries(
  Object.entries(webhookSchemas).map(([type, schema]) => [type, Compile(schema)]),
) as { [T in WebhookEventType]: ReturnType<typeof Compile> };

/**
 * The webhook projector: domain events → outbox rows. It is a projection like the read models
 * (the runner applies a batch and moves its checkpoint in one transaction) but runs in its own
 * runner, so rebuilding the read models never touches it.
 *
 * It keeps its own copy of the endpoints, updated from their events in log order, so a message
 * fans out to the endpoints that were enabled and subscribed at the event's position. Message ids
 * are derived from event ids and every insert is `ON CONFLICT DO NOTHING`: a replay (version bump)
 * rebuilds the endpoints and finds every message already queued, so nothing is sent twice.
 */
export const webhookProjection = {
  name: webhookProjectionName,
  version: 1,
  handles: [...webhookSourceEventTypes, ...endpointEventTypes],
  apply(event: Projected): SqlStatement[] {
    return isSourceEvent(event)
      ? enqueue(event)
      : endpointStatements(event, event.metadata.occurredAt);
  },
  async reset(tx: Queryable) {
    // Only the endpoint copy is rebuilt; the outbox and its history stay (see above).
    await tx.query('DELETE FROM webhook_endpoints');
  },
} satisfies Projection<
  DomainEventOf<WebhookSourceEventType> | WebhookEndpointEvent,
  CommandMetadata
>;

type Projected = RecordedEvent<
  DomainEventOf<WebhookSourceEventType> | WebhookEndpointEvent,
  CommandMetadata
>;
type SourceEvent = RecordedEvent<DomainEventOf<WebhookSourceEventType>, CommandMetadata>;

function isSourceEvent(event: Projected): event is SourceEvent {
  return isWebhookSourceEvent(event.type);
}

function enqueue(event: SourceEvent): SqlStatement[] {
  const { brandId, occurredAt: timestamp } = event.metadata;
  const envelope = webhookEnvelopeOf(event, timestamp);
  const { type } = envelope;
  const validator = validators[type];
  if (!validator.Check(envelope)) {
    const problems = validator
      .Errors(envelope)
      .slice(0, 5)
      .map((error) => `${error.instancePath || '/'} ${error.message}`);
    throw new Error(`${type} payload breaks its schema: ${problems.join('; ')}`);
  }
  return [
    queueMessage.row({
      id: webhookMessageId(event.id),
      brand_id: brandId,
      event_type: type,
      event_id: event.id,
      body: JSON.stringify(envelope),
      occurred_at: timestamp,
    }),
  ];
}

/** Endpoint `e` belongs to the brand of row `rows`, is enabled and subscribes to its event type. */
const subscribed = `e.brand_id = rows.brand_id AND e.enabled
  AND (e.event_types IS NULL OR rows.event_type = ANY (e.event_types))`;

/**
 * One event's message and its deliveries, one per endpoint subscribed at the event's position
 * (the endpoint copy as the events before it left it), in one statement; a message no endpoint
 * wants is not kept. The runner sends a run of consecutive events' rows as one statement (a
 * batch of 100 new members: 1 statement, not 200), in log order: an endpoint event in between
 * ends the run, and deliveries take their ids in the events' order, an event's in its endpoints'
 * id order (the deliverer's tie-break). Replaying finds both rows already there and changes
 * nothing.
 */
const queueMessage = rowsStatement({
  columns: [
    ['id', 'text'],
    ['brand_id', 'uuid'],
    ['event_type', 'text'],
    ['event_id', 'uuid'],
    ['body', 'text'],
    ['occurred_at', 'timestamptz'],
  ],
  statement: (rows) => `WITH source AS (SELECT * FROM ${rows}),
messages AS (
  INSERT INTO webhook_messages (id, brand_id, event_type, event_id, body, occurred_at)
  SELECT rows.id, rows.brand_id, rows.event_type, rows.event_id, rows.body, rows.occurred_at
  FROM source rows
  WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE ${subscribed})
  ORDER BY rows.ordinal
  ON CONFLICT (id) DO NOTHING
)
-- Due at once: new deliveries are ordered by when their event happened.
INSERT INTO webhook_deliveries (message_id, endpoint_id, brand_id, next_attempt_at, occurred_at)
SELECT rows.id, e.id, e.brand_id, rows.occurred_at, rows.occurred_at
FROM source rows JOIN webhook_endpoints e ON ${subscribed}
ORDER BY rows.ordinal, e.id
ON CONFLICT (message_id, endpoint_id) DO NOTHING`,
});

/** Upserts and guarded updates: applying an endpoint event twice leaves the same row. */
function endpointStatements(event: WebhookEndpointEvent, at: string): SqlStatement[] {
  switch (event.type) {
    case 'WebhookEndpointRegistered': {
      const { webhookEndpointId, brandId, url, eventTypes, secret } = event.data;
      return [
        {
          text: `INSERT INTO webhook_endpoints (id, brand_id, url, event_types, secret, created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $6)
                 ON CONFLICT (id) DO NOTHING`,
          params: [webhookEndpointId, brandId, url, eventTypes, secret, at],
        },
      ];
    }
    case 'WebhookEndpointUpdated': {
      const { url, eventTypes } = event.data.changes;
      return [
        {
          text: `UPDATE webhook_endpoints
                 SET url = COALESCE($2, url),
                     event_types = CASE WHEN $3::boolean THEN $4::text[] ELSE event_types END,
                     updated_at = $5
                 WHERE id = $1`,
          params: [
            event.data.webhookEndpointId,
            url ?? null,
            eventTypes !== undefined,
            eventTypes ?? null,
            at,
          ],
        },
      ];
    }
    case 'WebhookEndpointSecretRotated':
      return [
        {
          text: `UPDATE webhook_endpoints
                 SET previous_secret = secret, secret = $2, previous_secret_expires_at = $3,
                     updated_at = $4
                 WHERE id = $1 AND secret <> $2`,
          params: [
            event.data.webhookEndpointId,
            event.data.secret,
            event.data.previousSecretExpiresAt,
            at,
          ],
        },
      ];
    case 'WebhookEndpointDisabled':
      return [
        {
          text: `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, updated_at = $3
                 WHERE id = $1`,
          params: [event.data.webhookEndpointId, event.data.reason, at],
        },
      ];
    case 'WebhookEndpointEnabled':
      return [
        {
          text: `UPDATE webhook_endpoints SET enabled = true, disabled_reason = NULL, updated_at = $2
                 WHERE id = $1`,
          params: [event.data.webhookEndpointId, at],
        },
      ];
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
