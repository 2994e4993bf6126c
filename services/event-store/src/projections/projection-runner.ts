import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db';
import { createCoalescingNotifier } from '../db';
import type { EventStore, LogPosition, RecordedEvent } from '../event-store';
import { comparePositions } from '../event-store';
import { applyPipelined } from './apply-events';
import type { InlineProjector } from './inline-projector';
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
import type { ParkedEvent, PoisonFailure } from './parked-events';
import {
  isPoison,
  listParked,
  parkEvents,
  recordRetryFailure,
  resolveParked,
  settleParkedForReplay,
  unappliedIn,
} from './parked-events';
import { WakeSignal } from './wake-signal';

export interface ProjectionRunnerOptions {
  /** Where the read tables and checkpoints live (with `projectionMigrations` applied). */
  db: Database;
  /** The event log (Postgres or EventStoreDB). */
  store: EventStore;
  projections: readonly Projection[];
  /**
   * The projections applied in the append's own transaction (a Postgres log beside its read
   * tables): the runner does not run those, `handling` and `waitFor` leave them out (a write
   * is visible when it is answered), and `checkpoints` lists them as `inline`.
   */
  inline?: InlineProjector;
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
   * Runs of a batch that fail on the same event, for a reason that will recur (see `isPoison`),
   * before that event is parked and the projection moves on (default 3).
   */
  parkAfterAttempts?: number;
  /** Pause before the second run; each further one waits four times longer (default 50 ms). */
  poisonBackoffMs?: number;
  /** Told when an event is parked; the runner records it in projection_parked_events. */
  onParked?: (event: ParkedEvent) => void;
}

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
  /**
   * Names of the projections that handle any of these event types: the read models a write of
   * them changes, and so the only ones its read-after-write wait needs.
   */
  handling(eventTypes: Iterable<string>): string[];
  /**
   * Names of the projections whose tables only this process changes right now: those it leads,
   * and the inline ones when it owns the database (the embedded default).
   */
  leading(): string[];
  /**
   * Registers an observer of leadership and table changes; returns its removal. It is told at
   * once which projections this runner leads and which changes are in flight.
   */
  observe(observer: ProjectionObserver): () => void;
  /**
   * The events of these appends (by commit position) that a projection passed over and that
   * are still not applied: a write among them is not visible. Call it after `waitFor` has
   * seen the write's position; it costs no query while nothing is parked.
   */
  unappliedIn(
    commits: readonly number[],
    projectionNames?: readonly string[],
  ): Promise<ParkedEvent[]>;
  /**
   * Applies a parked (or skipped) event now, after a fix, together with the later events of its
   * stream that the projection has already passed, so the stream's rows end as the log says;
   * it stays parked, with the new error, if it fails again.
   */
  retryParked(projection: string, position: LogPosition): Promise<ParkedOutcome>;
  /** Acknowledges a parked event: it stays unapplied and no longer counts as open. */
  skipParked(projection: string, position: LogPosition): Promise<ParkedOutcome>;
}

export type ParkedOutcome =
  | { outcome: 'retried' | 'skipped' }
  | { outcome: 'not-parked' }
  | { outcome: 'failed'; error: string };

function parkedView(projection: string, failure: PoisonFailure): ParkedEvent {
  const { event } = failure;
  return {
    projection,
    position: event.position,
    eventId: event.id,
    eventType: event.type,
    streamName: event.streamName,
    streamVersion: event.streamVersion,
    error: failure.error,
    attempts: failure.attempts,
    firstSeenAt: failure.firstSeenAt,
    lastSeenAt: new Date(),
    status: 'parked',
    resolvedAt: null,
  };
}

/** Another runner moved the checkpoint: this one is no longer the leader. */
class LeadershipLostError extends Error {}

const maxFailureBackoffMs = 30_000;

const errorText = (error: unknown) =>
  error instanceof ProjectionApplyError && error.cause instanceof Error
    ? error.cause.message
    : error instanceof Error
      ? error.message
      : String(error);

export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { db, store, inline } = options;
  const allNames = options.projections.map((p) => p.name);
  const inlineNames = new Set(inline?.projections.map((p) => p.name));
  const projections = options.projections.filter((p) => !inlineNames.has(p.name));
  const batchSize = options.batchSize ?? 100;
  const pollMs = options.pollMs ?? 250;
  const standbyRetryMs = options.standbyRetryMs ?? 1000;
  const onError = options.onError ?? (() => undefined);
  const parkAfterAttempts = options.parkAfterAttempts ?? 3;
  const poisonBackoffMs = options.poisonBackoffMs ?? 50;
  const names = projections.map((p) => p.name);
  if (new Set(allNames).size !== allNames.length) {
    throw new RangeError('Projection names must be unique');
  }

  const projectionNamed = (name: string): Projection => {
    // Inline ones too: events parked before they went inline, or during their catch-up.
    const projection = options.projections.find((p) => p.name === name);
    if (!projection) throw new RangeError(`Unknown projection: ${name}`);
    return projection;
  };
  const signals = new Map(projections.map((p) => [p.name, new WakeSignal()]));
  /** Wake-ups so far: a read started before the latest one may miss what it announced. */
  let wakeUps = 0;
  const wakeAll = () => {
    wakeUps += 1;
    signals.forEach((signal) => signal.wake());
  };
  /** What this runner's checkpoint NOTIFYs carry, so that its own watcher ignores them. */
  const notifyPayload = randomUUID();
  // A checkpoint moved by another process ends a transaction that may have hidden events.
  const watcher = new CheckpointWatcher(
    db,
    new Map(projections.map((p) => [p.name, p.version])),
    wakeAll,
    notifyPayload,
  );
  const newNotifier = () =>
    createCoalescingNotifier(
      db,
      checkpointsChannel,
      (error) => onError(error, checkpointsChannel),
      notifyPayload,
    );
  /**
   * A read of the log sees only what committed before every transaction still running began:
   * one of this runner's own batches may hide newer events from a projection reading meanwhile.
   * Such a read is noted, and the end of the batch then wakes every projection to read again.
   */
  let batchesInFlight = 0;
  let readDuringBatch = false;
  const inBatch = async <T>(work: () => Promise<T>): Promise<T> => {
    batchesInFlight += 1;
    try {
      return await work();
    } finally {
      batchesInFlight -= 1;
      if (readDuringBatch) {
        readDuringBatch = batchesInFlight > 0;
        wakeAll();
      }
    }
  };
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

  /**
   * The log after `position`, one batch. Projections at the same checkpoint (they wake together
   * on every append) share a read in flight instead of each sending its own, but only one that
   * started after the latest wake-up: it then sees every append a read of their own would have
   * been woken for. A finished read is never reused.
   */
  const reads = new Map<string, Promise<RecordedEvent[]>>();
  const readAfter = (position: LogPosition): Promise<RecordedEvent[]> => {
    const key = `${wakeUps}:${position.commit}/${position.prepare}`;
    const inFlight = reads.get(key);
    if (inFlight) return inFlight;
    if (batchesInFlight > 0) readDuringBatch = true;
    const read = store.readAll({ after: position, limit: batchSize });
    reads.set(key, read);
    const forget = () => {
      if (reads.get(key) === read) reads.delete(key);
    };
    read.then(forget, forget);
    return read;
  };

  /**
   * Applies one batch and moves the checkpoint in the same transaction; the events of
   * `parking` are passed over and recorded as parked in that transaction too. A batch with
   * nothing for the projection only moves the checkpoint, in one statement.
   */
  const applyBatch = async (
    projection: Projection,
    from: LogPosition,
    events: readonly RecordedEvent[],
    parking: readonly PoisonFailure[] = [],
  ): Promise<LogPosition> => {
    const to = events.at(-1)!.position;
    const parked = new Set(parking.map((failure) => failure.event.id));
    const handled = new Set<string>(projection.handles);
    if (parking.length === 0 && !events.some((event) => handled.has(event.type))) {
      // Nothing to apply: no table changes, so one statement (its own transaction) moves the
      // checkpoint instead of BEGIN, SAVEPOINT, RELEASE, UPDATE and COMMIT. Most batches of
      // most projections are like this: a product create concerns 2 of the 4.
      await inBatch(() => moveCheckpoint(projection, from, to, db));
    } else {
      await changingTables(projection.name, () =>
        inBatch(() =>
          db.transaction(async (tx) => {
            const applied = parked.size === 0 ? events : events.filter((e) => !parked.has(e.id));
            if (applied.length > 0) await applyPipelined(tx, projection, applied);
            if (parking.length > 0) await parkEvents(tx, projection.name, parking, new Date());
            await moveCheckpoint(projection, from, to, tx);
          }),
        ),
      );
    }
    watcher.committedHere(projection.name, to, parking.length);
    notifier.poke();
    return to;
  };

  const moveCheckpoint = async (
    projection: Projection,
    from: LogPosition,
    to: LogPosition,
    on: Queryable,
  ): Promise<void> => {
    if (!(await advanceCheckpoint(on, projection.name, projection.version, from, to))) {
      throw new LeadershipLostError(`Checkpoint of ${projection.name} moved under this runner`);
    }
  };

  /** Returns the checkpoint to continue from, or undefined when newer code owns the projection. */
  const takeOver = (projection: Projection) =>
    changingTables(projection.name, () =>
      inBatch(() =>
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

  const lead = async (projection: Projection, signal: WakeSignal) => {
    const takenOver = await takeOver(projection);
    if (!takenOver) {
      onError(
        new Error(`${projection.name}: a newer version owns the checkpoint`),
        projection.name,
      );
      await signal.wait(standbyRetryMs);
      return;
    }
    let checkpoint: LogPosition = takenOver.position;
    // Events parked before this runner led count too: waiters here may not read the table.
    watcher.committedHere(projection.name, checkpoint, takenOver.parked);
    leaders.add(projection.name);
    tell((observer) => observer.leadership(projection.name, true));
    let failures = 0;
    /** Events the last runs failed on for a reason that recurs, and how often, by event id. */
    const failing = new Map<string, PoisonFailure>();
    /** Applies `batch`, passing over and parking its events that failed too often. */
    const applyParking = async (batch: readonly RecordedEvent[]) => {
      const parking = batch.flatMap((event) => {
        const failure = failing.get(event.id);
        return failure && failure.attempts >= parkAfterAttempts ? [failure] : [];
      });
      checkpoint = await applyBatch(projection, checkpoint, batch, parking);
      for (const failure of parking) options.onParked?.(parkedView(projection.name, failure));
      for (const [id, failure] of failing) {
        if (comparePositions(failure.event.position, checkpoint) <= 0) failing.delete(id);
      }
    };
    try {
      while (running) {
        const seen = signal.current;
        const events = await readAfter(checkpoint);
        if (events.length === 0) {
          await signal.wait(pollMs, seen);
          continue;
        }
        try {
          await applyParking(events);
          failures = 0;
          // The read reached the head of the log as it was then: read again only once woken
          // (an append, a batch that may have hidden events) or after the poll interval.
          if (events.length < batchSize) await signal.wait(pollMs, seen);
        } catch (error) {
          if (error instanceof LeadershipLostError) throw error;
          onError(error, projection.name);
          await setStatus(db, projection.name, 'failed', String(error)).catch(() => undefined);
          if (isPoison(error)) {
            const known = failing.get(error.event.id);
            const failure: PoisonFailure = {
              event: error.event,
              error: errorText(error),
              attempts: (known?.attempts ?? 0) + 1,
              firstSeenAt: known?.firstSeenAt ?? new Date(),
            };
            failing.set(error.event.id, failure);
            // What came before the bad event is fine: apply it now, not after the pauses.
            const before = events.filter(
              (event) => comparePositions(event.position, error.event.position) < 0,
            );
            if (before.length > 0) await applyParking(before).catch(() => undefined);
            if (failure.attempts < parkAfterAttempts) {
              await signal.wait(poisonBackoffMs * 4 ** (failure.attempts - 1));
            }
            continue;
          }
          failures += 1;
          await signal.wait(Math.min(pollMs * 2 ** failures, maxFailureBackoffMs));
        }
      }
      await setStatus(db, projection.name, 'stopped');
    } finally {
      watcher.forget(projection.name);
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

    checkpoints: () => readCheckpoints(db, allNames),

    handling(eventTypes) {
      const types = new Set(eventTypes);
      return projections
        .filter((projection) => projection.handles.some((type) => types.has(type)))
        .map((projection) => projection.name);
    },

    // Inline projections count as led here when this process is the only writer of the database.
    leading: () => [...leaders, ...(inline?.exclusiveWriter ? inlineNames : [])],

    async unappliedIn(commits, projectionNames = names) {
      if (!watcher.mayHaveParked(projectionNames)) return [];
      return unappliedIn(db, projectionNames, commits);
    },

    async retryParked(name, position) {
      const projection = projectionNamed(name);
      const [row] = (
        await listParked(db, { projections: [name], prepare: position.prepare })
      ).filter((p) => p.position.commit === position.commit && p.status !== 'retried');
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
        await changingTables(name, () =>
          db.transaction(async (tx) => {
            // The checkpoint row lock keeps the live runner of this projection out meanwhile.
            await lockCheckpoint(tx, name, projection.version);
            await applyPipelined(tx, projection, applicable(stream));
            await resolveParked(tx, name, row.position, 'retried');
          }),
        );
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
        await changingTables(name, () =>
          db.transaction(async (tx) => {
            await lockCheckpoint(tx, name, projection.version);
            await applyPipelined(tx, projection, applicable(newer));
          }),
        );
        version = newer.at(-1)!.streamVersion;
      }
      notifier.poke();
      return { outcome: 'retried' };
    },

    async skipParked(name, position) {
      projectionNamed(name);
      const skipped = await db.transaction((tx) => resolveParked(tx, name, position, 'skipped'));
      if (!skipped) return { outcome: 'not-parked' };
      notifier.poke();
      return { outcome: 'skipped' };
    },
    observe(observer) {
      // A late observer first hears the present: what this runner leads, what is in flight.
      for (const name of leaders) observer.leadership(name, true);
      for (const [name, count] of inFlight) {
        for (let n = 0; n < count; n += 1) observer.changing(name);
      }
      observers.add(observer);
      const stopInline = inline?.observe(observer);
      return () => {
        observers.delete(observer);
        stopInline?.();
      };
    },
  };
}
