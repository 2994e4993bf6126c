import type { AuditActor, AuditHistoryEntry as HistoryEntry } from '@brand-api/contracts';
import type { EventStore, RecordedEvent } from '@brand-api/event-store';
import { apiKeyStreamName } from '@brand-api/domain';
import type { AuditedEntity } from './entity-registry';
import { entityOfStream, findEntity } from './entity-registry';
import { diffStates } from './state-diff';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export const occurredAtOf = (event: RecordedEvent): string =>
  text(event.metadata.occurredAt) ?? event.recordedAt.toISOString();

/** Resolves actor names once per request: an API key's name comes from its own stream. */
export class ActorNames {
  private readonly keyNames = new Map<string, Promise<string | null>>();
  constructor(private readonly store: EventStore) {}

  async of(event: RecordedEvent): Promise<AuditActor | null> {
    const actor = event.metadata.actor;
    if (typeof actor !== 'object' || actor === null) return null;
    const { kind, id, name } = actor as Record<string, unknown>;
    if (typeof kind !== 'string' || typeof id !== 'string') return null;
    const recorded = text(name);
    if (recorded !== null || kind !== 'apiKey') return { kind, id, name: recorded };
    return { kind, id, name: await this.apiKeyName(id) };
  }

  private apiKeyName(apiKeyId: string): Promise<string | null> {
    let name = this.keyNames.get(apiKeyId);
    if (!name) {
      const entity = findEntity('api-key')!;
      name = this.store.readStream(apiKeyStreamName(apiKeyId)).then((events) => {
        const state = events.reduce(entity.evolve, entity.initialState());
        return text((state as { name?: unknown }).name);
      });
      this.keyNames.set(apiKeyId, name);
    }
    return name;
  }
}

/** One entry per event of the stream, with what each changed in the folded state. */
export async function historyOfStream(
  events: readonly RecordedEvent[],
  entity: AuditedEntity | undefined,
  id: string | undefined,
  actors: ActorNames,
): Promise<HistoryEntry[]> {
  let state = entity?.initialState();
  const entries: HistoryEntry[] = [];
  for (const event of events) {
    const before = state;
    if (entity) state = entity.evolve(state, event);
    entries.push({
      position: event.position.prepare,
      commit: event.position.commit,
      entity: entity && id ? { kind: entity.kind, id } : null,
      stream: event.streamName,
      streamVersion: event.streamVersion,
      type: event.type,
      occurredAt: occurredAtOf(event),
      recordedAt: event.recordedAt.toISOString(),
      actor: await actors.of(event),
      requestId: text(event.metadata.requestId),
      correlationId: text(event.metadata.correlationId),
      causationId: text(event.metadata.causationId),
      changes: entity ? diffStates(before, state) : [],
    });
  }
  return entries;
}

export async function entityHistory(
  store: EventStore,
  entity: AuditedEntity,
  id: string,
): Promise<HistoryEntry[]> {
  const events = await store.readStream(entity.streamName(id));
  return historyOfStream(events, entity, id, new ActorNames(store));
}

/**
 * Everything one request did, in log order, across every stream it touched. Each stream is
 * folded from its start, so every entry shows what its event changed.
 */
export async function requestHistory(
  store: EventStore,
  requestId: string,
): Promise<HistoryEntry[]> {
  const events = await store.readByRequestId(requestId);
  const streams = await store.readStreams([...new Set(events.map((event) => event.streamName))]);
  const actors = new ActorNames(store);
  const byEventId = new Map<string, HistoryEntry>();
  for (const [streamName, streamEvents] of streams) {
    const owner = entityOfStream(streamName);
    const history = await historyOfStream(streamEvents, owner?.entity, owner?.id, actors);
    streamEvents.forEach((event, i) => byEventId.set(event.id, history[i]!));
  }
  return events.flatMap((event) => byEventId.get(event.id) ?? []);
}
