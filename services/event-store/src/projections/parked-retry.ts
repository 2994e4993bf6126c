import type { EventStore, LogPosition, RecordedEvent } from '../event-store';
import { applyPipelined } from './apply-events';
import { lockCheckpoint } from './checkpoints';
import { isPoison, listParked, recordRetryFailure, resolveParked } from './parked-events';
import type { ParkedEvent } from './parked-events';
import { errorText } from './poison-tracker';
import type { Projection } from './projection';
import type { RunnerParts } from './runner-parts';

export type ParkedOutcome =
  | { outcome: 'retried' | 'skipped' }
  | { outcome: 'not-parked' }
  | { outcome: 'failed'; error: string };

export interface ParkedRetryParts extends RunnerParts {
  store: EventStore;
}

/** An operator's answers to a parked event: apply it now after a fix, or acknowledge it. */
export class ParkedRetry {
  constructor(private readonly parts: ParkedRetryParts) {}

  /**
   * Applies the parked event together with the later events of its stream that the projection
   * has already passed, so the stream's rows end as the log says.
   */
  async retry(projection: Projection, position: LogPosition): Promise<ParkedOutcome> {
    const { db, store } = this.parts;
    const name = projection.name;
    const [row] = (await listParked(db, { projections: [name], prepare: position.prepare })).filter(
      (p) => p.position.commit === position.commit && p.status !== 'retried',
    );
    if (!row) return { outcome: 'not-parked' };
    // Read before the transaction: on PGlite it holds the only connection the store reads on.
    const stream = await store.readStream(row.streamName, { fromVersion: row.streamVersion });
    if (stream[0]?.id !== row.eventId) return { outcome: 'not-parked' };
    const stillParked = new Set(
      (await listParked(db, { projections: [name], status: 'parked' })).map((p) => p.eventId),
    );
    stillParked.delete(row.eventId);
    const applicable = (events: readonly RecordedEvent[]) =>
      events.filter((event) => !stillParked.has(event.id));
    try {
      await this.applyLocked(projection, applicable(stream), row);
    } catch (error) {
      if (!isPoison(error)) throw error;
      await recordRetryFailure(db, name, row.position, errorText(error));
      return { outcome: 'failed', error: errorText(error) };
    }
    // Events of the stream appended meanwhile may have been applied live before ours: apply
    // them again after it (re-applying an event is harmless), until the stream is quiet.
    let version = stream.at(-1)!.streamVersion;
    for (let round = 0; round < 10; round += 1) {
      const newer = await store.readStream(row.streamName, { fromVersion: version + 1 });
      if (newer.length === 0) break;
      await this.applyLocked(projection, applicable(newer));
      version = newer.at(-1)!.streamVersion;
    }
    this.parts.pokeOthers();
    return { outcome: 'retried' };
  }

  /** Acknowledges a parked event: it stays unapplied and no longer counts as open. */
  async skip(projection: Projection, position: LogPosition): Promise<ParkedOutcome> {
    const skipped = await this.parts.db.transaction((tx) =>
      resolveParked(tx, projection.name, position, 'skipped'),
    );
    if (!skipped) return { outcome: 'not-parked' };
    this.parts.pokeOthers();
    return { outcome: 'skipped' };
  }

  /** Applies `events` (and marks `retried` as such) holding the checkpoint row lock. */
  private applyLocked(
    projection: Projection,
    events: readonly RecordedEvent[],
    retried?: ParkedEvent,
  ): Promise<void> {
    const { db, observers } = this.parts;
    return observers.changingTables(projection.name, () =>
      db.transaction(async (tx) => {
        // The checkpoint row lock keeps the live runner of this projection out meanwhile.
        await lockCheckpoint(tx, projection.name, projection.version);
        await applyPipelined(tx, projection, events);
        if (retried) await resolveParked(tx, projection.name, retried.position, 'retried');
      }),
    );
  }
}
