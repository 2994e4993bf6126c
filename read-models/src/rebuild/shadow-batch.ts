import { applyPipelined, isPoison } from '@brand-api/event-store';
import type {
  Projection,
  ProjectionApplyError,
  RecordedEvent,
  Transaction,
} from '@brand-api/event-store';
import type { PassedOverEvent } from './rebuild-state';
import { quoteIdent } from './shadow-schema';

/** The projection a shadow replays, and the schemas its statements resolve in. */
export interface ShadowTarget {
  projection: Projection;
  shadowSchema: string;
  liveSchema: string;
}

/**
 * Applies a batch to the shadow tables in `tx`: shadow first on the search path, the events
 * applied (a failed statement batch is replayed statement by statement, in a savepoint, to name
 * the event), the search path back to the live schema. Asynchronous commit: a crash loses the
 * last batches and their checkpoint together, and the replay redoes them. `countPassedOver` is
 * told of each event passed over, and throws to give up. Returns the events passed over.
 */
export async function applyToShadow(
  tx: Transaction,
  target: ShadowTarget,
  events: readonly RecordedEvent[],
  countPassedOver: (error: ProjectionApplyError) => void,
): Promise<PassedOverEvent[]> {
  await tx.query(
    `SELECT set_config('search_path', $1, true), set_config('synchronous_commit', 'off', true)`,
    [`${quoteIdent(target.shadowSchema)}, ${quoteIdent(target.liveSchema)}`],
  );
  await tx.query('SAVEPOINT shadow_batch');
  let passedOver: PassedOverEvent[] = [];
  try {
    await applyPipelined(tx, target.projection, events);
  } catch (error) {
    if (!isPoison(error)) throw error;
    await tx.query('ROLLBACK TO SAVEPOINT shadow_batch');
    passedOver = await applyPassingOver(tx, target.projection, events, countPassedOver);
  }
  await tx.query(`SELECT set_config('search_path', $1, true)`, [quoteIdent(target.liveSchema)]);
  return passedOver;
}

/**
 * Applies a batch one statement at a time, so a failure names its event. An event the
 * projection fails on for good (see `isPoison`: a value its tables cannot hold, a bug) is
 * passed over, as the live runner parks it, instead of failing the whole rebuild; the
 * events before and after it are applied. Returns the events passed over.
 */
async function applyPassingOver(
  tx: Transaction,
  projection: Projection,
  events: readonly RecordedEvent[],
  countPassedOver: (error: ProjectionApplyError) => void,
): Promise<PassedOverEvent[]> {
  const passedOver: PassedOverEvent[] = [];
  let remaining = events;
  while (remaining.length > 0) {
    await tx.query('SAVEPOINT shadow_events');
    try {
      await applyPipelined(tx, projection, remaining);
      return passedOver;
    } catch (error) {
      if (!isPoison(error)) throw error;
      countPassedOver(error);
      await tx.query('ROLLBACK TO SAVEPOINT shadow_events');
      const failed = error.event;
      const index = remaining.findIndex((event) => event.id === failed.id);
      if (index < 0) throw error;
      if (index > 0) await applyPipelined(tx, projection, remaining.slice(0, index));
      passedOver.push({
        commit: failed.position.commit,
        prepare: failed.position.prepare,
        eventId: failed.id,
        eventType: failed.type,
        streamName: failed.streamName,
        streamVersion: failed.streamVersion,
        error: error.cause instanceof Error ? error.cause.message : String(error.cause),
      });
      remaining = remaining.slice(index + 1);
    }
  }
  return passedOver;
}
