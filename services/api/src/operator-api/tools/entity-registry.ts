import {
  apiKeyDecider,
  apiKeyStreamName,
  brandDecider,
  brandStreamName,
  memberDecider,
  memberGroupDecider,
  memberGroupStreamName,
  memberStreamName,
  postCommentDecider,
  postCommentStreamName,
  postDecider,
  postStreamName,
  productDecider,
  productStreamName,
  roomDecider,
  roomStreamName,
  variantDecider,
  variantStreamName,
  webhookEndpointDecider,
  webhookEndpointStreamName,
} from '@brand-api/domain';
import type { Decider } from '@brand-api/domain';
import type { RecordedEvent } from '@brand-api/event-store';

/**
 * An entity operators can audit: where its events live and how the live system folds them.
 * History and time travel use the very `evolve` the command handlers use, so what an operator
 * sees is what the system believed at the time.
 */
export interface AuditedEntity {
  kind: string;
  streamName: (id: string) => string;
  initialState: () => unknown;
  evolve: (state: unknown, event: RecordedEvent) => unknown;
}

/** The stored event as deciders see it (schema version 1 is the only one so far). */
export const asDomainEvent = (event: RecordedEvent) => ({
  type: event.type,
  schemaVersion: event.schemaVersion,
  data: event.data,
  metadata: event.metadata,
});

function entity<State, Event>(
  kind: string,
  streamName: (id: string) => string,
  decider: Pick<Decider<never, State, Event>, 'evolve' | 'initialState'>,
): AuditedEntity {
  return {
    kind,
    streamName,
    initialState: decider.initialState,
    evolve: (state, event) => decider.evolve(state as State, asDomainEvent(event) as Event),
  };
}

/** One line per aggregate: a new aggregate becomes auditable by adding it here. */
export const auditedEntities: readonly AuditedEntity[] = [
  entity('brand', brandStreamName, brandDecider),
  entity('api-key', apiKeyStreamName, apiKeyDecider),
  entity('product', productStreamName, productDecider),
  entity('variant', variantStreamName, variantDecider),
  entity('member', memberStreamName, memberDecider),
  entity('member-group', memberGroupStreamName, memberGroupDecider),
  entity('post', postStreamName, postDecider),
  entity('post-comment', postCommentStreamName, postCommentDecider),
  entity('room', roomStreamName, roomDecider),
  entity('webhook-endpoint', webhookEndpointStreamName, webhookEndpointDecider),
];

export const entityKinds = auditedEntities.map((e) => e.kind);

export function findEntity(kind: string): AuditedEntity | undefined {
  return auditedEntities.find((e) => e.kind === kind);
}

/** The entity a stream belongs to, by its `<category>-<id>` name. */
export function entityOfStream(
  streamName: string,
): { entity: AuditedEntity; id: string } | undefined {
  for (const candidate of auditedEntities) {
    const prefix = candidate.streamName('');
    if (streamName.startsWith(prefix)) {
      const id = streamName.slice(prefix.length);
      if (candidate.streamName(id) === streamName && /^[0-9a-f-]{36}$/i.test(id)) {
        return { entity: candidate, id };
      }
    }
  }
  return undefined;
}
