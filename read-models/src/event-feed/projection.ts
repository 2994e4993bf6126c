import type { DomainEventOf } from '@brand-api/contracts';
import { webhookEnvelopeOf, webhookMessageId, webhookSourceEvents } from '@brand-api/domain';
import type { WebhookSourceEventType } from '@brand-api/domain';
import { rowInsert } from '@brand-api/event-store';
import type { CommandMetadata, Projection, Queryable } from '@brand-api/event-store';
import type { RecordedEvent, SqlStatement } from '@brand-api/event-store';

const handles = Object.keys(webhookSourceEvents) as WebhookSourceEventType[];

const insertEvent = rowInsert({
  into: 'brand_events',
  columns: ['brand_id', 'log_commit', 'log_prepare', 'id', 'event_type', 'occurred_at', 'body'],
  skipConflictsOn: ['brand_id', 'log_commit', 'log_prepare'],
});

/**
 * The events feed (`GET /events`, `GET /events/stream`): every event that becomes a webhook,
 * as the webhook projector makes it (same id, same body text, one function for both), kept per
 * brand in log order. Re-applying an event finds its row and changes nothing.
 */
export const eventFeedProjection = {
  name: 'event-feed',
  version: 1,
  handles,
  apply(event: RecordedEvent<DomainEventOf<WebhookSourceEventType>, CommandMetadata>) {
    const { brandId, occurredAt } = event.metadata;
    const envelope = webhookEnvelopeOf(event, occurredAt);
    return [
      insertEvent.row({
        brand_id: brandId,
        log_commit: event.position.commit,
        log_prepare: event.position.prepare,
        id: webhookMessageId(event.id),
        event_type: envelope.type,
        occurred_at: occurredAt,
        body: JSON.stringify(envelope),
      }),
    ] satisfies SqlStatement[];
  },
  async reset(tx: Queryable) {
    await tx.query('TRUNCATE brand_events');
  },
} satisfies Projection<DomainEventOf<WebhookSourceEventType>, CommandMetadata>;
