import type { Queryable } from '../db';
import type { LogPosition, RecordedEvent } from '../event-store';
import { applyPipelined } from './apply-events';
import type { CheckpointWatcher } from './checkpoint-watcher';
import { advanceCheckpoint, lockCheckpoint, resetCheckpoint, setStatus } from './checkpoints';
import type { PoisonFailure } from './parked-events';
import { parkEvents, settleParkedForReplay } from './parked-events';
import type { Projection, ProjectionCheckpoint } from './projection';
import type { RunnerParts } from './runner-parts';
import type { WakeUps } from './wake-ups';

/** Another runner moved the checkpoint: this one is no longer the leader. */
export class LeadershipLostError extends Error {}

export interface BatchApplierParts extends RunnerParts {
  watcher: CheckpointWatcher;
  wakeUps: WakeUps;
}

/**
 * The transactions a leader runs: taking a projection over, and applying a batch together with
 * moving its checkpoint (and parking the events it passes over) in one transaction.
 */
export class BatchApplier {
  constructor(private readonly parts: BatchApplierParts) {}

  /**
   * Applies one batch and moves the checkpoint in the same transaction; the events of
   * `parking` are passed over and recorded as parked in that transaction too. A batch with
   * nothing for the projection only moves the checkpoint, in one statement.
   */
  async apply(
    projection: Projection,
    from: LogPosition,
    events: readonly RecordedEvent[],
    parking: readonly PoisonFailure[] = [],
  ): Promise<LogPosition> {
    const { db, observers, wakeUps, watcher } = this.parts;
    const to = events.at(-1)!.position;
    const parked = new Set(parking.map((failure) => failure.event.id));
    const handled = new Set<string>(projection.handles);
    if (parking.length === 0 && !events.some((event) => handled.has(event.type))) {
      // Nothing to apply: no table changes, so one statement (its own transaction) moves the
      // checkpoint instead of BEGIN, SAVEPOINT, RELEASE, UPDATE and COMMIT. Most batches of
      // most projections are like this: a product create concerns 2 of the 4.
      await wakeUps.inBatch(() => this.moveCheckpoint(projection, from, to, db));
    } else {
      await observers.changingTables(projection.name, () =>
        wakeUps.inBatch(() =>
          db.transaction(async (tx) => {
            const applied = parked.size === 0 ? events : events.filter((e) => !parked.has(e.id));
            if (applied.length > 0) await applyPipelined(tx, projection, applied);
            if (parking.length > 0) await parkEvents(tx, projection.name, parking, new Date());
            await this.moveCheckpoint(projection, from, to, tx);
          }),
        ),
      );
    }
    watcher.committedHere(projection.name, to, parking.length);
    this.parts.pokeOthers();
    return to;
  }

  /**
   * Locks the projection's checkpoint row and marks it running; replays it from the start when
   * this code has a newer version. Returns the checkpoint to continue from, or undefined when
   * newer code owns the projection.
   */
  takeOver(projection: Projection): Promise<ProjectionCheckpoint | undefined> {
    const { db, observers, wakeUps } = this.parts;
    return observers.changingTables(projection.name, () =>
      wakeUps.inBatch(() =>
        db.transaction(async (tx) => {
          const checkpoint = await lockCheckpoint(tx, projection.name, projection.version);
          if (checkpoint.version > projection.version) return undefined;
          if (checkpoint.version < projection.version) {
            await projection.reset?.(tx);
            await resetCheckpoint(tx, projection.name, projection.version);
            await settleParkedForReplay(tx, projection.name);
            checkpoint.position = { commit: 0, prepare: 0 };
            checkpoint.parked = 0;
          }
          await setStatus(tx, projection.name, 'running');
          return checkpoint;
        }),
      ),
    );
  }

  private async moveCheckpoint(
    projection: Projection,
    from: LogPosition,
    to: LogPosition,
    on: Queryable,
  ): Promise<void> {
    if (!(await advanceCheckpoint(on, projection.name, projection.version, from, to))) {
      throw new LeadershipLostError(`Checkpoint of ${projection.name} moved under this runner`);
    }
  }
}
