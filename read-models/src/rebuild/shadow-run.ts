import {
  applyPipelined,
  comparePositions,
  inlineWritesLock,
  isPoison,
  sqlStateOf,
  startOfLog,
} from '@brand-api/event-store';
import type {
  Database,
  EventStore,
  HeldLock,
  LogPosition,
  Queryable,
  RecordedEvent,
  Transaction,
} from '@brand-api/event-store';
import type { LogStats } from './log-stats';
import type { ReadModel } from './read-model';
import { fingerprintOf, rebuildLockKey, runnerLockKey, shadowSchemaOf } from './read-model';
import type { PassedOverEvent, RebuildPurpose } from './rebuild-state';
import {
  advanceRebuild,
  readRebuild,
  resumeRebuildRecord,
  setRebuildTotal,
  startRebuildRecord,
} from './rebuild-state';
import {
  createShadowSchema,
  liveSchemaOf,
  quoteIdent,
  schemaExists,
  tablesOf,
} from './shadow-schema';

export interface ShadowRunOptions {
  db: Database;
  store: EventStore;
  readModel: ReadModel;
  /** Events per shadow transaction (default 1,000). */
  batchSize?: number;
  /** Aborting interrupts the run after the batch in flight; the shadow stays resumable. */
  signal?: AbortSignal;
  onProgress?: (progress: RebuildProgress) => void;
  /** Totals for progress and ETA; without it the total is unknown. */
  logStats?: LogStats;
  /** How long the swap waits for a lock before trying again (default 500 ms). */
  lockTimeoutMs?: number;
  /** How long to wait for a live projector to reach the shadow (default 30 s). */
  alignTimeoutMs?: number;
  /**
   * How many events the replay may pass over (a projection failing on them for good, as the
   * live runner parks them) before it gives up: many failures mean broken projection code, not
   * a few bad events (default 100).
   */
  maxPassedOver?: number;
  /** Called after each committed shadow batch (tests use it to kill a run halfway). */
  afterBatch?: (position: LogPosition) => void | Promise<void>;
  /**
   * Called before each attempt to line up with the live projector and lock the live tables,
   * from 0 (tests use it to move the log on, or hold a lock, between attempts).
   */
  beforeAlignAttempt?: (attempt: number) => void | Promise<void>;
}

export type RebuildPhase = 'replaying' | 'swapping' | 'comparing' | 'done';

export interface RebuildProgress {
  projection: string;
  purpose: RebuildPurpose;
  phase: RebuildPhase;
  /** Events read from the log into the shadow, counting those before a resume. */
  eventsDone: number;
  eventsTotal: number | null;
  position: LogPosition;
  eventsPerSecond: number;
  etaSeconds: number | null;
  resumed: boolean;
}

export class RebuildBusyError extends Error {
  override readonly name = 'RebuildBusyError';
  constructor(readonly projection: string) {
    super(`A rebuild or verify of ${projection} is already running`);
  }
}

export class RebuildInterruptedError extends Error {
  override readonly name = 'RebuildInterruptedError';
  constructor(
    readonly projection: string,
    readonly position: LogPosition,
    readonly eventsDone: number,
  ) {
    super(
      `Rebuild of ${projection} interrupted after ${eventsDone} events; run it again to resume`,
    );
  }
}

/** Live locks could not be taken or the live projector did not line up: try again later. */
export class AlignmentError extends Error {
  override readonly name = 'AlignmentError';
}

const retryableLockStates = new Set(['55P03', '40P01']);

/** Whether any event lies after `after` (read in the caller's transaction, as it sees it). */
async function appendedAfter(tx: Queryable, after: LogPosition): Promise<boolean> {
  const { rows } = await tx.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT FROM events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)) AS any`,
    [after.commit, after.prepare],
  );
  return rows[0]?.any === true;
}
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One shadow replay of a read model: its schema, its resumable checkpoint, and the lock that
 * keeps a second rebuild of the same projection away.
 */
export class ShadowRun {
  position: LogPosition = startOfLog;
  eventsDone = 0;
  resumed = false;
  /** How long the last inline swap or compare held the writes (ms), once it has run. */
  writesHeldMs: number | undefined;
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
    return this.shadowTransaction((tx) => this.applyInTx(tx, events));
  }

  /**
   * A transaction that may move the shadow checkpoint (through `applyInTx`). `position` and
   * the counts are this process's copy of that checkpoint and move before the commit; if the
   * transaction rolls back instead, they go back to where the shadow still stands.
   *
   * Without this a swap lost rows (issue #7): an attempt applied its catch-up — events the
   * live projector had applied since the shadow's replay — then failed to take a lock within
   * lock_timeout (autovacuum's SHARE UPDATE EXCLUSIVE on a freshly filled shadow table blocks
   * ALTER TABLE … SET SCHEMA; so does anyone reading the shadow). The rollback undid the
   * catch-up, but the retry read on from the position the failed attempt had reached, and
   * swapped in a shadow that lacked those events while the checkpoint said it had them.
   */
  private async shadowTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
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

  /**
   * Inside a `shadowTransaction`: shadow first on the search path, the events applied (a
   * failed statement batch is replayed statement by statement, in a savepoint, to name the
   * event), the shadow checkpoint moved. Asynchronous commit: a crash loses the last batches
   * and their checkpoint together, and the replay redoes them.
   */
  private async applyInTx(
    tx: Transaction,
    events: readonly RecordedEvent[],
  ): Promise<{ cancelRequested: boolean }> {
    const { readModel } = this.options;
    const last = events.at(-1);
    if (!last) return { cancelRequested: false };
    await tx.query(
      `SELECT set_config('search_path', $1, true), set_config('synchronous_commit', 'off', true)`,
      [`${quoteIdent(this.shadowSchema)}, ${quoteIdent(this.liveSchema)}`],
    );
    await tx.query('SAVEPOINT shadow_batch');
    let passedOver: PassedOverEvent[] = [];
    try {
      await applyPipelined(tx, readModel.projection, events);
    } catch (error) {
      if (!isPoison(error)) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT shadow_batch');
      passedOver = await this.applyPassingOver(tx, events);
    }
    await tx.query(`SELECT set_config('search_path', $1, true)`, [quoteIdent(this.liveSchema)]);
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

  /**
   * Applies a batch one statement at a time, so a failure names its event. An event the
   * projection fails on for good (see `isPoison`: a value its tables cannot hold, a bug) is
   * passed over, as the live runner parks it, instead of failing the whole rebuild; the
   * events before and after it are applied. Returns the events passed over.
   */
  private async applyPassingOver(
    tx: Transaction,
    events: readonly RecordedEvent[],
  ): Promise<PassedOverEvent[]> {
    const { readModel } = this.options;
    const passedOver: PassedOverEvent[] = [];
    let remaining = events;
    while (remaining.length > 0) {
      await tx.query('SAVEPOINT shadow_events');
      try {
        await applyPipelined(tx, readModel.projection, remaining);
        return passedOver;
      } catch (error) {
        if (!isPoison(error)) throw error;
        this.passedOverCount += 1;
        if (this.passedOverCount > (this.options.maxPassedOver ?? 100)) throw error;
        await tx.query('ROLLBACK TO SAVEPOINT shadow_events');
        const failed = error.event;
        const index = remaining.findIndex((event) => event.id === failed.id);
        if (index < 0) throw error;
        if (index > 0) {
          await applyPipelined(tx, readModel.projection, remaining.slice(0, index));
        }
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

  /**
   * Runs `work` in one transaction in which the live tables and the live checkpoint are locked
   * and the shadow stands at exactly the position the live tables reflect:
   *
   * - no live projector leads the projection (its advisory lock is free, and this holds it):
   *   the shadow catches up to the head and the checkpoint will follow it;
   * - a live projector leads it: the shadow is brought to the live checkpoint, never past it,
   *   so the projector continues from the same position on the swapped tables as if nothing
   *   happened. If it is behind the shadow, we wait for it; if it moved on between our read
   *   and our locks, we read again.
   *
   * Locks are taken with a short lock_timeout and retried, so neither a long API read nor a
   * projector batch holding one table while waiting for another can deadlock with us.
   */
  async aligned<T>(
    mode: 'swap' | 'compare',
    work: (tx: Queryable, position: LogPosition, tables: string[]) => Promise<T>,
  ): Promise<T> {
    const { db } = this.options;
    const lockTimeoutMs = this.options.lockTimeoutMs ?? 500;
    const deadline = Date.now() + (this.options.alignTimeoutMs ?? 30_000);
    const tables = await this.tables();
    if (await this.isInline()) return this.alignedInline(mode, work, tables, deadline);
    for (let attempt = 0; ; attempt += 1) {
      this.throwIfAborted();
      if (Date.now() > deadline) {
        throw new AlignmentError(
          `Could not line up ${this.name} with its live projector within the time allowed`,
        );
      }
      await this.options.beforeAlignAttempt?.(attempt);
      const noLeader = await db.tryLock(runnerLockKey(this.name));
      try {
        if (noLeader && mode === 'swap') await this.replay();
        const prefetched = await this.readAhead(this.position);
        const outcome = await this.shadowTransaction(async (tx) => {
          await tx.query(`SELECT set_config('lock_timeout', $1, true)`, [`${lockTimeoutMs}ms`]);
          const liveTables = await tablesOf(tx, this.liveSchema);
          const locked = tables.filter((table) => liveTables.includes(table));
          if (locked.length > 0) {
            const list = locked.map((t) => `${quoteIdent(this.liveSchema)}.${quoteIdent(t)}`);
            const lockMode = mode === 'swap' ? 'ACCESS EXCLUSIVE' : 'EXCLUSIVE';
            await tx.query(`LOCK TABLE ${list.join(', ')} IN ${lockMode} MODE`);
          }
          const live = await this.lockLiveCheckpoint(tx);
          const lastPrefetched = prefetched.at(-1)?.position ?? this.position;
          const target = noLeader && mode === 'swap' ? lastPrefetched : live;
          if (comparePositions(target, this.position) < 0) {
            return { kind: 'live-behind' as const, live };
          }
          let catchUp = prefetched.filter((e) => comparePositions(e.position, target) <= 0);
          if (comparePositions(target, lastPrefetched) > 0) {
            // The projector moved on since our read. On a server the log is read on another
            // connection while we hold the locks (the projector cannot move meanwhile, and
            // everything it saw is visible to us); PGlite has a single connection, so read again.
            if (db.kind !== 'postgres') return { kind: 'live-ahead' as const, live };
            catchUp = catchUp.concat(await this.readAhead(lastPrefetched, target));
          }
          if (catchUp.length > 0) await this.applyInTx(tx, catchUp);
          if (comparePositions(this.position, target) !== 0) {
            throw new AlignmentError(`The log has no event at the live position of ${this.name}`);
          }
          return { kind: 'done' as const, value: await work(tx, target, tables) };
        });
        if (outcome.kind === 'done') return outcome.value;
        if (outcome.kind === 'live-behind') {
          if (noLeader) {
            throw new AlignmentError(
              `The live tables of ${this.name} are behind the log and no projector is running to catch them up`,
            );
          }
          await delay(20);
        } else {
          // Up to where the live tables stood, not past it: the projector is then either
          // still there or a little ahead, within the next read.
          await this.replay(outcome.live);
        }
      } catch (error) {
        if (!retryableLockStates.has(sqlStateOf(error) ?? '')) throw error;
        await delay(10 + Math.random() * 40 * Math.min(attempt + 1, 10));
      } finally {
        await noLeader?.release();
      }
    }
  }

  /**
   * `aligned` for a projection applied inline (in each append's transaction): its live tables
   * show every committed event, so the shadow must reach the head of the log. The transaction
   * takes the inline-writes lock exclusively first: writes in flight finish, new ones wait (at
   * their BEGIN, before they append anything) until it commits. Under it the log cannot move:
   * the shadow catches up the tail read since the last replay and `work` runs. Writes are held
   * only for that transaction; `writesHeldMs` says how long.
   */
  private async alignedInline<T>(
    mode: 'swap' | 'compare',
    work: (tx: Queryable, position: LogPosition, tables: string[]) => Promise<T>,
    tables: string[],
    deadline: number,
  ): Promise<T> {
    const { db } = this.options;
    const lockTimeoutMs = this.options.lockTimeoutMs ?? 500;
    for (let attempt = 0; ; attempt += 1) {
      this.throwIfAborted();
      if (Date.now() > deadline) {
        throw new AlignmentError(
          `Could not hold the writes of ${this.name} within the time allowed`,
        );
      }
      await this.options.beforeAlignAttempt?.(attempt);
      await this.replay();
      const prefetched = await this.readAhead(this.position);
      let heldSince = 0;
      try {
        const outcome = await this.shadowTransaction(async (tx) => {
          await tx.query(`SELECT set_config('lock_timeout', $1, true)`, [`${lockTimeoutMs}ms`]);
          const hold = inlineWritesLock('exclusive');
          await tx.query(hold.text, hold.params);
          heldSince = performance.now();
          const liveTables = await tablesOf(tx, this.liveSchema);
          const locked = tables.filter((table) => liveTables.includes(table));
          if (locked.length > 0) {
            const list = locked.map((t) => `${quoteIdent(this.liveSchema)}.${quoteIdent(t)}`);
            await tx.query(
              `LOCK TABLE ${list.join(', ')} IN ${mode === 'swap' ? 'ACCESS EXCLUSIVE' : 'EXCLUSIVE'} MODE`,
            );
          }
          await this.lockLiveCheckpoint(tx);
          const lastPrefetched = prefetched.at(-1)?.position ?? this.position;
          let catchUp = prefetched;
          if (db.kind === 'postgres') {
            // Read on another connection: every append has committed (none runs under the lock).
            catchUp = catchUp.concat(await this.readAhead(lastPrefetched, undefined, true));
          } else if (await appendedAfter(tx, lastPrefetched)) {
            // PGlite: one connection, held by this transaction; read the rest before it.
            return { kind: 'moved' as const };
          }
          if (catchUp.length > 0) await this.applyInTx(tx, catchUp);
          return { kind: 'done' as const, value: await work(tx, this.position, tables) };
        });
        if (outcome.kind === 'done') {
          this.writesHeldMs = performance.now() - heldSince;
          return outcome.value;
        }
      } catch (error) {
        if (!retryableLockStates.has(sqlStateOf(error) ?? '')) throw error;
        await delay(10 + Math.random() * 40 * Math.min(attempt + 1, 10));
      }
    }
  }

  /** Whether the live projection is applied inline (its checkpoint is marked so). */
  async isInline(): Promise<boolean> {
    const { rows } = await this.options.db.query<{ status: string }>(
      `SELECT status FROM ${quoteIdent(this.liveSchema)}.projection_checkpoints WHERE name = $1`,
      [this.name],
    );
    return rows[0]?.status === 'inline';
  }

  /**
   * Events after `after`: up to the head, at most 20 batches (read before locking), or every
   * one up to `until` (read under the locks), or every one there is (`settled`: read under the
   * inline-writes lock, when no append is in flight).
   */
  private async readAhead(
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

  /** The live checkpoint, locked for the transaction; the start of the log when there is none. */
  private async lockLiveCheckpoint(tx: Queryable): Promise<LogPosition> {
    const { rows } = await tx.query<{ commit: number; prepare: number }>(
      `SELECT commit, prepare FROM ${quoteIdent(this.liveSchema)}.projection_checkpoints
       WHERE name = $1 FOR UPDATE`,
      [this.name],
    );
    return rows[0] ?? startOfLog;
  }

  /** Live checkpoint without locking (verify reads it to bound the replay). */
  async liveCheckpoint(): Promise<LogPosition> {
    const { rows } = await this.options.db.query<{ commit: number; prepare: number }>(
      `SELECT commit, prepare FROM ${quoteIdent(this.liveSchema)}.projection_checkpoints
       WHERE name = $1`,
      [this.name],
    );
    return rows[0] ?? startOfLog;
  }

  /** Whether a live projector currently leads the projection (in any process). */
  async hasLiveLeader(): Promise<boolean> {
    const lock = await this.options.db.tryLock(runnerLockKey(this.name));
    await lock?.release();
    return lock === null;
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

  private throwIfAborted(): void {
    if (this.options.signal?.aborted) this.interrupt();
  }

  private interrupt(): never {
    throw new RebuildInterruptedError(this.name, this.position, this.eventsDone);
  }
}
