import type { Database, Queryable } from '../db';
import { createCoalescingNotifier } from '../db';
import type { EventStore, LogPosition, RecordedEvent } from '../event-store';
import { CheckpointWatcher } from './checkpoint-watcher';
import type { ProjectionCheckpoint } from './projection';
import { ProjectionApplyError } from './projection';
import type { Projection } from './projection';
import {
  advanceCheckpoint,
  lockCheckpoint,
  readCheckpoints,
  resetCheckpoint,
  setStatus,
} from './checkpoints';
import { checkpointsChannel } from './migrations';
import { WakeSignal } from './wake-signal';

export interface ProjectionRunnerOptions {
  /** Where the read tables and checkpoints live (with `projectionMigrations` applied). */
  db: Database;
  /** The event log (Postgres or EventStoreDB). */
  store: EventStore;
  projections: readonly Projection[];
  /** Events per transaction (default 100). */
  batchSize?: number;
  /**
   * Poll interval when no wake-up arrives (default 250 ms). Needed because an event can become
   * readable later than its NOTIFY: readers only see transactions older than every running one.
   */
  pollMs?: number;
  /** How often a standby runner tries to take over a projection (default 1,000 ms). */
  standbyRetryMs?: number;
  /** Told about every failure; the projection's row also records it (status 'failed'). */
  onError?: (error: unknown, projectionName: string) => void;
  /**
   * Runs a batch's events through the projection inside the runner's transaction (default:
   * `applyEachStatement`, one round trip per statement). The read models pass one that sends
   * many statements per round trip; it must name the failing event with ProjectionApplyError.
   */
  applyEvents?: ApplyEvents;
}

export type ApplyEvents = (
  tx: Queryable,
  projection: Projection,
  events: readonly RecordedEvent[],
) => Promise<void>;

/** Each handled event's statements, one query each, in log order. */
export const applyEachStatement: ApplyEvents = async (tx, projection, events) => {
  const handled = new Set(projection.handles);
  for (const event of events) {
    if (!handled.has(event.type)) continue;
    try {
      const statements = await projection.apply(event, tx);
      for (const statement of statements ?? []) await tx.query(statement.text, statement.params);
    } catch (error) {
      throw new ProjectionApplyError(projection.name, event, error);
    }
  }
};

/**
 * Told, synchronously, whenever what this runner does may change a projection's tables. A
 * read cache in the same process uses it: while `leading(name)` holds and no change is in
 * flight, nothing else writes those tables (but an operator's rebuild swap or a hand edit).
 */
export interface ProjectionObserver {
  /** This runner started (true) or stopped (false) leading the projection. */
  leadership(projection: string, leading: boolean): void;
  /** A transaction that may change the projection's tables is about to begin. */
  changing(projection: string): void;
  /** That transaction has committed or rolled back: readers see its outcome from now on. */
  settled(projection: string): void;
}

export interface ProjectionRunner {
  /** Starts one loop per projection: leads it when it gets its lock, stands by otherwise. */
  start(): Promise<void>;
  /** Finishes the batch in flight, releases the locks and stops waking waiters. */
  stop(): Promise<void>;
  /**
   * Resolves true once every projection (or the named ones) has applied everything up to
   * `position` — whichever process runs them — or false after `timeoutMs` (default 5,000).
   * Works without `start()`: an API-only process can wait for projectors running elsewhere.
   */
  waitFor(
    position: LogPosition,
    timeoutMs?: number,
    projectionNames?: readonly string[],
  ): Promise<boolean>;
  checkpoints(): Promise<ProjectionCheckpoint[]>;
  /** Names of the projections this process leads right now. */
  leading(): string[];
  /**
   * Registers an observer of leadership and table changes; returns its removal. It is told at
   * once which projections this runner leads and which changes are in flight.
   */
  observe(observer: ProjectionObserver): () => void;
}

/** Another runner moved the checkpoint: this one is no longer the leader. */
class LeadershipLostError extends Error {}

const maxFailureBackoffMs = 30_000;

export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { db, store, projections } = options;
  const batchSize = options.batchSize ?? 100;
  const pollMs = options.pollMs ?? 250;
  const standbyRetryMs = options.standbyRetryMs ?? 1000;
  const onError = options.onError ?? (() => undefined);
  const applyEvents = options.applyEvents ?? applyEachStatement;
  const names = projections.map((p) => p.name);
  if (new Set(names).size !== names.length) throw new RangeError('Projection names must be unique');

  const signals = new Map(projections.map((p) => [p.name, new WakeSignal()]));
  const wakeAll = () => signals.forEach((signal) => signal.wake());
  // A checkpoint moved by another process ends a transaction that may have hidden events.
  const watcher = new CheckpointWatcher(
    db,
    new Map(projections.map((p) => [p.name, p.version])),
    wakeAll,
  );
  const newNotifier = () =>
    createCoalescingNotifier(db, checkpointsChannel, (error) => onError(error, checkpointsChannel));
  let notifier = newNotifier();
  const leaders = new Set<string>();
  let running = false;
  let loops: Promise<void>[] = [];
  let unsubscribe: (() => Promise<void>) | undefined;
  const observers = new Set<ProjectionObserver>();
  const tell = (notice: (observer: ProjectionObserver) => void) => {
    for (const observer of observers) {
      try {
        notice(observer);
      } catch (error) {
        onError(error, 'observer');
      }
    }
  };
  /** Runs a transaction that may change the projection's tables, with observers told. */
  const inFlight = new Map<string, number>();
  const changingTables = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    inFlight.set(name, (inFlight.get(name) ?? 0) + 1);
    tell((observer) => observer.changing(name));
    try {
      return await work();
    } finally {
      inFlight.set(name, (inFlight.get(name) ?? 1) - 1);
      tell((observer) => observer.settled(name));
    }
  };

  /** Applies one batch and moves the checkpoint in the same transaction. */
  const applyBatch = async (
    projection: Projection,
    from: LogPosition,
    events: readonly RecordedEvent[],
  ): Promise<LogPosition> => {
    const to = events.at(-1)!.position;
    await changingTables(projection.name, () =>
      db.transaction(async (tx) => {
        await applyEvents(tx, projection, events);
        if (!(await advanceCheckpoint(tx, projection.name, projection.version, from, to))) {
          throw new LeadershipLostError(`Checkpoint of ${projection.name} moved under this runner`);
        }
      }),
    );
    watcher.signal.wake();
    notifier.poke();
    // Our committed transaction may have been what hid newer events from the other projections.
    wakeAll();
    return to;
  };

  /** Returns the checkpoint to continue from, or undefined when newer code owns the projection. */
  const takeOver = (projection: Projection) =>
    changingTables(projection.name, () =>
      db.transaction(async (tx) => {
        const checkpoint = await lockCheckpoint(tx, projection.name, projection.version);
        if (checkpoint.version > projection.version) return undefined;
        if (checkpoint.version < projection.version) {
          await projection.reset?.(tx);
          await resetCheckpoint(tx, projection.name, projection.version);
          checkpoint.position = { commit: 0, prepare: 0 };
        }
        await setStatus(tx, projection.name, 'running');
        return checkpoint.position;
      }),
    );

  const lead = async (projection: Projection, signal: WakeSignal) => {
    let checkpoint = await takeOver(projection);
    if (!checkpoint) {
      onError(
        new Error(`${projection.name}: a newer version owns the checkpoint`),
        projection.name,
      );
      await signal.wait(standbyRetryMs);
      return;
    }
    leaders.add(projection.name);
    tell((observer) => observer.leadership(projection.name, true));
    let failures = 0;
    try {
      while (running) {
        const seen = signal.current;
        const events = await store.readAll({ after: checkpoint, limit: batchSize });
        if (events.length === 0) {
          await signal.wait(pollMs, seen);
          continue;
        }
        try {
          checkpoint = await applyBatch(projection, checkpoint, events);
          failures = 0;
        } catch (error) {
          if (error instanceof LeadershipLostError) throw error;
          onError(error, projection.name);
          await setStatus(db, projection.name, 'failed', String(error)).catch(() => undefined);
          failures += 1;
          await signal.wait(Math.min(pollMs * 2 ** failures, maxFailureBackoffMs));
        }
      }
      await setStatus(db, projection.name, 'stopped');
    } finally {
      leaders.delete(projection.name);
      tell((observer) => observer.leadership(projection.name, false));
    }
  };

  const runLoop = async (projection: Projection) => {
    const signal = signals.get(projection.name)!;
    while (running) {
      try {
        const lock = await db.tryLock(`projection:${projection.name}`);
        if (!lock) {
          await signal.wait(standbyRetryMs);
          continue;
        }
        try {
          await lead(projection, signal);
        } finally {
          await lock.release();
        }
      } catch (error) {
        onError(error, projection.name);
        await signal.wait(standbyRetryMs);
      }
    }
  };

  return {
    async start() {
      if (running) return;
      running = true;
      notifier = newNotifier();
      try {
        unsubscribe = await store.onAppended(wakeAll);
        await watcher.listen();
      } catch (error) {
        running = false;
        await unsubscribe?.();
        throw error;
      }
      loops = projections.map((projection) => runLoop(projection));
    },

    async stop() {
      running = false;
      wakeAll();
      await Promise.all(loops);
      loops = [];
      await unsubscribe?.();
      unsubscribe = undefined;
      await notifier.close();
      await watcher.close();
    },

    waitFor(position, timeoutMs = 5000, projectionNames) {
      return watcher.waitFor(position, timeoutMs, projectionNames);
    },

    checkpoints: () => readCheckpoints(db, names),
    leading: () => [...leaders],
    observe(observer) {
      // A late observer first hears the present: what this runner leads, what is in flight.
      for (const name of leaders) observer.leadership(name, true);
      for (const [name, count] of inFlight) {
        for (let n = 0; n < count; n += 1) observer.changing(name);
      }
      observers.add(observer);
      return () => observers.delete(observer);
    },
  };
}
