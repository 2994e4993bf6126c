import { comparePositions, startOfLog } from '@brand-api/event-store';
import type {
  HeldLock,
  LogPosition,
  ProjectionApplyError,
  RecordedEvent,
  Transaction,
} from '@brand-api/event-store';
import { LiveProjection } from './live-projection';
import { fingerprintOf, rebuildLockKey, shadowSchemaOf } from './read-model';
import { RebuildBusyError, RebuildInterruptedError } from './rebuild-errors';
import type { RebuildPurpose } from './rebuild-state';
import {
  advanceRebuild,
  readRebuild,
  resumeRebuildRecord,
  setRebuildTotal,
  startRebuildRecord,
} from './rebuild-state';
import { applyToShadow } from './shadow-batch';
import type { RebuildPhase, ShadowRunOptions } from './shadow-run-options';
import { createShadowSchema, liveSchemaOf, schemaExists, tablesOf } from './shadow-schema';

/**
 * One shadow replay of a read model: its schema, its resumable checkpoint, and the lock that
 * keeps a second rebuild of the same projection away. Lining the shadow up with the live
 * tables, to swap or compare them, is `aligned` (alignment.ts).
 */
export class ShadowRun {
  position: LogPosition = startOfLog;
  eventsDone = 0;
  resumed = false;
  /** How long the last inline swap or compare held the writes (ms), once it has run. */
  writesHeldMs: number | undefined;
  readonly live: LiveProjection;
  private eventsTotal: number | null = null;
  private readonly startedAt = Date.now();
  private eventsThisRun = 0;
  /** Events passed over so far, counting those of the run this one resumes. */
  private passedOverCount = 0;
  private readonly batchSize: number;

  private constructor(
    readonly options: ShadowRunOptions,
    readonly purpose: RebuildPurpose,
    readonly liveSchema: string,
    readonly shadowSchema: string,
    private readonly lock: HeldLock,
  ) {
    this.batchSize = options.batchSize ?? 1000;
    this.live = new LiveProjection(options.db, liveSchema, this.name);
  }

  get name(): string {
    return this.options.readModel.projection.name;
  }

  /** Takes the rebuild lock and resumes the shadow if it matches the code, else starts over. */
  static async open(options: ShadowRunOptions, purpose: RebuildPurpose): Promise<ShadowRun> {
    const { db, readModel } = options;
    const name = readModel.projection.name;
    const lock = await db.tryLock(rebuildLockKey(name));
    if (!lock) throw new RebuildBusyError(name);
    try {
      const liveSchema = await liveSchemaOf(db);
      const fingerprint = fingerprintOf(readModel);
      const record = await readRebuild(db, name, liveSchema);
      const run = new ShadowRun(options, purpose, liveSchema, shadowSchemaOf(name), lock);
      if (
        record &&
        record.fingerprint === fingerprint &&
        record.state !== 'done' &&
        record.shadowSchema === run.shadowSchema &&
        (await schemaExists(db, record.shadowSchema))
      ) {
        await resumeRebuildRecord(db, liveSchema, name, purpose);
        run.position = record.position;
        run.eventsDone = record.eventsDone;
        run.passedOverCount = record.passedOver.length;
        run.resumed = comparePositions(record.position, startOfLog) > 0;
      } else {
        await db.transaction(async (tx) => {
          await createShadowSchema(tx, readModel, run.shadowSchema, liveSchema);
          await startRebuildRecord(tx, liveSchema, {
            name,
            purpose,
            fingerprint,
            shadowSchema: run.shadowSchema,
          });
        });
      }
      return run;
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  async release(): Promise<void> {
    await this.lock.release();
  }

  tables(): Promise<string[]> {
    return tablesOf(this.options.db, this.shadowSchema);
  }

  /** Replays the log into the shadow up to its head (or `until`), batch by batch. */
  async replay(until?: LogPosition): Promise<void> {
    const { store, logStats } = this.options;
    if (logStats) {
      this.eventsTotal = this.eventsDone + (await logStats.countAfter(this.position));
      await setRebuildTotal(this.options.db, this.liveSchema, this.name, this.eventsTotal);
    }
    this.report('replaying');
    const read = (after: LogPosition) => {
      const page = store.readAll({ after, limit: this.batchSize });
      page.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile
      return page;
    };
    let next = read(this.position);
    for (;;) {
      this.throwIfAborted();
      let events = await next;
      if (until) events = events.filter((event) => comparePositions(event.position, until) <= 0);
      if (events.length === 0) return;
      next = read(events.at(-1)!.position);
      const { cancelRequested } = await this.applyBatch(events);
      this.report('replaying');
      if (cancelRequested) this.interrupt();
      await this.options.afterBatch?.(this.position);
    }
  }

  /** Applies a batch to the shadow and moves the shadow checkpoint, in one transaction. */
  private applyBatch(events: readonly RecordedEvent[]) {
    return this.shadowTransaction((tx) => this.applyInTransaction(tx, events));
  }

  /**
   * A transaction that may move the shadow checkpoint (through `applyInTransaction`). `position`
   * and the counts are this process's copy of that checkpoint and move before the commit; if
   * the transaction rolls back instead, they go back to where the shadow still stands.
   *
   * Without this a swap lost rows (issue #7): an attempt applied its catch-up — events the
   * live projector had applied since the shadow's replay — then failed to take a lock within
   * lock_timeout (autovacuum's SHARE UPDATE EXCLUSIVE on a freshly filled shadow table blocks
   * ALTER TABLE … SET SCHEMA; so does anyone reading the shadow). The rollback undid the
   * catch-up, but the retry read on from the position the failed attempt had reached, and
   * swapped in a shadow that lacked those events while the checkpoint said it had them.
   */
  async shadowTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const { position, eventsDone, eventsThisRun, passedOverCount } = this;
    try {
      return await this.options.db.transaction(work);
    } catch (error) {
      this.position = position;
      this.eventsDone = eventsDone;
      this.eventsThisRun = eventsThisRun;
      this.passedOverCount = passedOverCount;
      throw error;
    }
  }

  /** Inside a `shadowTransaction`: the events applied to the shadow, its checkpoint moved. */
  async applyInTransaction(
    tx: Transaction,
    events: readonly RecordedEvent[],
  ): Promise<{ cancelRequested: boolean }> {
    const last = events.at(-1);
    if (!last) return { cancelRequested: false };
    const passedOver = await applyToShadow(
      tx,
      {
        projection: this.options.readModel.projection,
        shadowSchema: this.shadowSchema,
        liveSchema: this.liveSchema,
      },
      events,
      (error) => this.countPassedOver(error),
    );
    const result = await advanceRebuild(
      tx,
      this.liveSchema,
      this.name,
      last.position,
      events.length,
      passedOver,
    );
    this.position = last.position;
    this.eventsDone += events.length;
    this.eventsThisRun += events.length;
    if (this.eventsTotal !== null && this.eventsDone > this.eventsTotal) {
      this.eventsTotal = this.eventsDone;
    }
    return result;
  }

  /** Counts an event passed over; past `maxPassedOver` the replay gives up with its error. */
  private countPassedOver(error: ProjectionApplyError): void {
    this.passedOverCount += 1;
    if (this.passedOverCount > (this.options.maxPassedOver ?? 100)) throw error;
  }

  /**
   * Events after `after`: up to the head, at most 20 batches (read before locking), or every
   * one up to `until` (read under the locks), or every one there is (`settled`: read under the
   * inline-writes lock, when no append is in flight).
   */
  async readAhead(
    after: LogPosition,
    until?: LogPosition,
    settled = false,
  ): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    let from = after;
    for (let page = 0; until !== undefined || settled || page < 20; page += 1) {
      let read = await this.options.store.readAll({
        after: from,
        limit: this.batchSize,
        ...(settled ? { noAppendInFlight: true } : {}),
      });
      if (until) read = read.filter((event) => comparePositions(event.position, until) <= 0);
      if (read.length === 0) break;
      events.push(...read);
      from = read.at(-1)!.position;
    }
    return events;
  }

  report(phase: RebuildPhase): void {
    const elapsed = (Date.now() - this.startedAt) / 1000;
    const eventsPerSecond = elapsed > 0 ? this.eventsThisRun / elapsed : 0;
    const remaining = this.eventsTotal === null ? null : this.eventsTotal - this.eventsDone;
    this.options.onProgress?.({
      projection: this.name,
      purpose: this.purpose,
      phase,
      eventsDone: this.eventsDone,
      eventsTotal: this.eventsTotal,
      position: this.position,
      eventsPerSecond,
      etaSeconds:
        remaining === null ? null : eventsPerSecond > 0 ? remaining / eventsPerSecond : null,
      resumed: this.resumed,
    });
  }

  throwIfAborted(): void {
    if (this.options.signal?.aborted) this.interrupt();
  }

  private interrupt(): never {
    throw new RebuildInterruptedError(this.name, this.position, this.eventsDone);
  }
}
