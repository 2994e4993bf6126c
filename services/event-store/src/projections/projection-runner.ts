import { randomUUID } from 'node:crypto';
import type { Database } from '../db';
import { createCoalescingNotifier } from '../db';
import type { CoalescingNotifier } from '../db';
import type { EventStore, LogPosition } from '../event-store';
import { BatchApplier } from './batch-applier';
import { CheckpointWatcher } from './checkpoint-watcher';
import { readCheckpoints } from './checkpoints';
import type { InlineProjector } from './inline-projector';
import { Leadership } from './leadership';
import { checkpointsChannel } from './migrations';
import type { ParkedEvent } from './parked-events';
import { unappliedIn } from './parked-events';
import { ParkedRetry } from './parked-retry';
import type { ParkedOutcome } from './parked-retry';
import type { Projection, ProjectionCheckpoint } from './projection';
import { RunnerObservers } from './runner-observers';
import type { ProjectionObserver } from './runner-observers';
import { WakeUps } from './wake-ups';

export type { ParkedOutcome } from './parked-retry';
export type { ProjectionObserver } from './runner-observers';

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

/**
 * The projection runner, wired from its parts: `Leadership` (who runs each projection, and the
 * loop that reads, applies and backs off), `BatchApplier` (a batch and its checkpoint in one
 * transaction, parking included), `WakeUps` (when to read the log, and shared reads),
 * `RunnerObservers` (who is told about leadership and table changes) and `ParkedRetry` (an
 * operator's retry or skip of a parked event).
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  return new WiredProjectionRunner(options);
}

class WiredProjectionRunner implements ProjectionRunner {
  private readonly db: Database;
  private readonly store: EventStore;
  private readonly inline: InlineProjector | undefined;
  private readonly allNames: string[];
  private readonly inlineNames: Set<string>;
  /** The projections this runner applies itself: all but the inline ones. */
  private readonly projections: readonly Projection[];
  private readonly onError: (error: unknown, projectionName: string) => void;
  private readonly wakeUps: WakeUps;
  private readonly observers: RunnerObservers;
  private readonly watcher: CheckpointWatcher;
  private readonly leadership: Leadership;
  private readonly parked: ParkedRetry;
  /** What this runner's checkpoint NOTIFYs carry, so that its own watcher ignores them. */
  private readonly notifyPayload = randomUUID();
  private notifier: CoalescingNotifier;
  private running = false;
  private loops: Promise<void>[] = [];
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(private readonly options: ProjectionRunnerOptions) {
    ({ db: this.db, store: this.store, inline: this.inline } = options);
    this.allNames = options.projections.map((p) => p.name);
    if (new Set(this.allNames).size !== this.allNames.length) {
      throw new RangeError('Projection names must be unique');
    }
    this.inlineNames = new Set(this.inline?.projections.map((p) => p.name));
    this.projections = options.projections.filter((p) => !this.inlineNames.has(p.name));
    this.onError = options.onError ?? (() => undefined);
    const batchSize = options.batchSize ?? 100;
    const names = this.projections.map((p) => p.name);
    this.wakeUps = new WakeUps(names, this.store, batchSize);
    this.observers = new RunnerObservers(this.onError);
    // A checkpoint moved by another process ends a transaction that may have hidden events.
    this.watcher = new CheckpointWatcher(
      this.db,
      new Map(this.projections.map((p) => [p.name, p.version])),
      this.wakeUps.wakeAll,
      this.notifyPayload,
    );
    this.notifier = this.newNotifier();
    const parts = { db: this.db, observers: this.observers, pokeOthers: () => this.poke() };
    this.parked = new ParkedRetry({ ...parts, store: this.store });
    this.leadership = new Leadership({
      ...parts,
      applier: new BatchApplier({ ...parts, watcher: this.watcher, wakeUps: this.wakeUps }),
      wakeUps: this.wakeUps,
      watcher: this.watcher,
      isRunning: () => this.running,
      settings: {
        batchSize,
        pollMs: options.pollMs ?? 250,
        standbyRetryMs: options.standbyRetryMs ?? 1000,
        parkAfterAttempts: options.parkAfterAttempts ?? 3,
        poisonBackoffMs: options.poisonBackoffMs ?? 50,
        onError: this.onError,
        onParked: options.onParked,
      },
    });
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.notifier = this.newNotifier();
    try {
      this.unsubscribe = await this.store.onAppended(this.wakeUps.wakeAll);
      await this.watcher.listen();
    } catch (error) {
      this.running = false;
      await this.unsubscribe?.();
      throw error;
    }
    this.loops = this.projections.map((projection) => this.leadership.run(projection));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeUps.wakeAll();
    await Promise.all(this.loops);
    this.loops = [];
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.notifier.close();
    await this.watcher.close();
  }

  waitFor(
    position: LogPosition,
    timeoutMs = 5000,
    projectionNames?: readonly string[],
  ): Promise<boolean> {
    return this.watcher.waitFor(position, timeoutMs, projectionNames);
  }

  checkpoints(): Promise<ProjectionCheckpoint[]> {
    return readCheckpoints(this.db, this.allNames);
  }

  handling(eventTypes: Iterable<string>): string[] {
    const types = new Set(eventTypes);
    return this.projections
      .filter((projection) => projection.handles.some((type) => types.has(type)))
      .map((projection) => projection.name);
  }

  leading(): string[] {
    // Inline projections count as led here while this process is the only writer of their tables.
    const inlineLed = this.inline?.sole() ? this.inlineNames : [];
    return [...this.observers.leading(), ...inlineLed];
  }

  async unappliedIn(
    commits: readonly number[],
    projectionNames: readonly string[] = this.projections.map((p) => p.name),
  ): Promise<ParkedEvent[]> {
    if (!this.watcher.mayHaveParked(projectionNames)) return [];
    return unappliedIn(this.db, projectionNames, commits);
  }

  async retryParked(name: string, position: LogPosition): Promise<ParkedOutcome> {
    return this.parked.retry(this.projectionNamed(name), position);
  }

  async skipParked(name: string, position: LogPosition): Promise<ParkedOutcome> {
    return this.parked.skip(this.projectionNamed(name), position);
  }

  observe(observer: ProjectionObserver): () => void {
    const stopRunner = this.observers.observe(observer);
    const stopInline = this.inline?.observe(observer);
    return () => {
      stopRunner();
      stopInline?.();
    };
  }

  private projectionNamed(name: string): Projection {
    // Inline ones too: events parked before they went inline, or during their catch-up.
    const projection = this.options.projections.find((p) => p.name === name);
    if (!projection) throw new RangeError(`Unknown projection: ${name}`);
    return projection;
  }

  private newNotifier(): CoalescingNotifier {
    return createCoalescingNotifier(this.db, checkpointsChannel, {
      onError: (error) => this.onError(error, checkpointsChannel),
      payload: this.notifyPayload,
    });
  }

  private poke(): void {
    this.notifier.poke();
  }
}
