import type { EventStore } from '@brand-api/event-store';
import type { AuditedEntity } from './entity-registry';
import { occurredAtOf } from './history';
import type { PointInTime } from './point-in-time';
import { describePoint, happenedBy } from './point-in-time';
import { redactState } from './state-diff';

export interface EntityAt {
  entity: { kind: string; id: string };
  at: { position: number } | { time: string };
  /** False when the entity had not been created yet at that point. */
  existed: boolean;
  state: unknown;
  /** Events folded, and the last of them. */
  eventsApplied: number;
  lastEvent: { position: number; type: string; occurredAt: string; streamVersion: number } | null;
}

/** The entity as the live system believed it then: its stream up to that point, folded. */
export async function entityAt(
  store: EventStore,
  entity: AuditedEntity,
  id: string,
  point: PointInTime,
): Promise<EntityAt> {
  const events = (await store.readStream(entity.streamName(id))).filter((event) =>
    happenedBy(event, point),
  );
  const state = events.reduce(entity.evolve, entity.initialState());
  const last = events.at(-1);
  return {
    entity: { kind: entity.kind, id },
    at: describePoint(point),
    existed: events.length > 0 && (state as { status?: unknown }).status !== 'absent',
    state: redactState(state),
    eventsApplied: events.length,
    lastEvent: last
      ? {
          position: last.position.prepare,
          type: last.type,
          occurredAt: occurredAtOf(last),
          streamVersion: last.streamVersion,
        }
      : null,
  };
}
