import type { EntityAtMoment } from '@brand-api/contracts';
import type { EventStore } from '@brand-api/event-store';
import type { AuditedEntity } from './entity-registry';
import { occurredAtOf } from './history';
import type { PointInTime } from './point-in-time';
import { describePoint, happenedBy } from './point-in-time';
import { redactState } from './state-diff';

/** The entity as the live system believed it then: its stream up to that point, folded. */
export async function entityAt(
  store: EventStore,
  entity: AuditedEntity,
  id: string,
  point: PointInTime,
): Promise<EntityAtMoment> {
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
