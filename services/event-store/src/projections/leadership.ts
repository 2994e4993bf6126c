import type { Database } from '../db';
import type { LogPosition, RecordedEvent } from '../event-store';
import { comparePositions } from '../event-store';
import type { BatchApplier } from './batch-applier';
import { LeadershipLostError } from './batch-applier';
import type { CheckpointWatcher } from './checkpoint-watcher';
import { setStatus } from './checkpoints';
import type { ParkedEvent } from './parked-events';
import { isPoison } from './parked-events';
import { PoisonTracker } from './poison-tracker';
import type { Projection, ProjectionApplyError } from './projection';
import type { RunnerObservers } from './runner-observers';
import type { WakeSignal } from './wake-signal';
import type { WakeUps } from './wake-ups';

const maxFailureBackoffMs = 30_000;

export interface LeadershipSettings {
  batchSize: number;
  pollMs: number;
  standbyRetryMs: number;
  parkAfterAttempts: number;
  poisonBackoffMs: number;
  onError: (error: unknown, projectionName: string) => void;
  onParked?: (event: ParkedEvent) => void;
}

export interface LeadershipParts {
  db: Database;
  applier: BatchApplier;
  wakeUps: WakeUps;
  watcher: CheckpointWatcher;
  observers: RunnerObservers;
  /** False once the runner is stopping. */
  isRunning: () => boolean;
  settings: LeadershipSettings;
}

/**
 * Who runs a projection: one runner at a time, the one holding its lock. The others stand by
 * and try again every `standbyRetryMs`, so one takes over when the leader stops or dies.
 */
export class Leadership {
  constructor(private readonly parts: LeadershipParts) {}

  /** Until the runner stops: leads the projection while it holds its lock, stands by otherwise. */
  async run(projection: Projection): Promise<void> {
    const { db, wakeUps, isRunning, settings } = this.parts;
    const signal = wakeUps.signal(projection.name);
    while (isRunning()) {
      try {
        const lock = await db.tryLock(`projection:${projection.name}`);
        if (!lock) {
          await signal.wait(settings.standbyRetryMs);
          continue;
        }
        try {
          await this.lead(projection, signal);
        } finally {
          await lock.release();
        }
      } catch (error) {
        settings.onError(error, projection.name);
        await signal.wait(settings.standbyRetryMs);
      }
    }
  }

  private async lead(projection: Projection, signal: WakeSignal): Promise<void> {
    const { applier, db, observers, watcher, settings } = this.parts;
    const takenOver = await applier.takeOver(projection);
    if (!takenOver) {
      settings.onError(
        new Error(`${projection.name}: a newer version owns the checkpoint`),
        projection.name,
      );
      await signal.wait(settings.standbyRetryMs);
      return;
    }
    // Events parked before this runner led count too: waiters here may not read the table.
    watcher.committedHere(projection.name, takenOver.position, takenOver.parked);
    observers.leadershipChanged(projection.name, true);
    try {
      await new LeadingRun(projection, signal, takenOver.position, this.parts).untilStopped();
      await setStatus(db, projection.name, 'stopped');
    } finally {
      watcher.forget(projection.name);
      observers.leadershipChanged(projection.name, false);
    }
  }
}

/**
 * One projection led by this runner, from takeover until the runner stops or loses the lead:
 * reads a batch, applies it, and backs off after failures (parking an event that keeps failing).
 */
class LeadingRun {
  private failures = 0;
  private readonly poison: PoisonTracker;

  constructor(
    private readonly projection: Projection,
    private readonly signal: WakeSignal,
    private checkpoint: LogPosition,
    private readonly parts: LeadershipParts,
  ) {
    this.poison = new PoisonTracker(projection.name, parts.settings.parkAfterAttempts);
  }

  async untilStopped(): Promise<void> {
    const { wakeUps, isRunning, settings } = this.parts;
    while (isRunning()) {
      const seen = this.signal.current;
      const events = await wakeUps.readAfter(this.checkpoint);
      if (events.length === 0) {
        await this.signal.wait(settings.pollMs, seen);
        continue;
      }
      try {
        await this.apply(events);
        this.failures = 0;
        // The read reached the head of the log as it was then: read again only once woken
        // (an append, a batch that may have hidden events) or after the poll interval.
        if (events.length < settings.batchSize) await this.signal.wait(settings.pollMs, seen);
      } catch (error) {
        await this.recover(error, events);
      }
    }
  }

  /** Applies `batch`, passing over and parking its events that failed too often. */
  private async apply(batch: readonly RecordedEvent[]): Promise<void> {
    const parking = this.poison.parkingIn(batch);
    this.checkpoint = await this.parts.applier.apply(
      this.projection,
      this.checkpoint,
      batch,
      parking,
    );
    for (const failure of parking) this.parts.settings.onParked?.(this.poison.parkedView(failure));
    this.poison.passed(this.checkpoint);
  }

  /** Reports a failed batch and waits before the next run; a lost lead ends the run. */
  private async recover(error: unknown, events: readonly RecordedEvent[]): Promise<void> {
    if (error instanceof LeadershipLostError) throw error;
    const { db, settings } = this.parts;
    const name = this.projection.name;
    settings.onError(error, name);
    await setStatus(db, name, 'failed', String(error)).catch(() => undefined);
    if (isPoison(error)) {
      await this.poisoned(error, events);
      return;
    }
    this.failures += 1;
    await this.signal.wait(Math.min(settings.pollMs * 2 ** this.failures, maxFailureBackoffMs));
  }

  private async poisoned(error: ProjectionApplyError, events: readonly RecordedEvent[]) {
    const failure = this.poison.failed(error);
    // What came before the bad event is fine: apply it now, not after the pauses.
    const before = events.filter(
      (event) => comparePositions(event.position, error.event.position) < 0,
    );
    if (before.length > 0) await this.apply(before).catch(() => undefined);
    if (!this.poison.willPark(failure)) {
      await this.signal.wait(this.parts.settings.poisonBackoffMs * 4 ** (failure.attempts - 1));
    }
  }
}
