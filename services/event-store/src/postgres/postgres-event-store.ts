import type { Database, PipelinedStatement, Queryable } from '../db';
import { createCoalescingNotifier } from '../db';
import type {
  AppendResult,
  EventStore,
  ExpectedVersion,
  LogPosition,
  NewEvent,
  ReadAllOptions,
  RecordedEvent,
  StreamAppend,
} from '../event-store';
import { ConcurrencyError, eventsBeforePosition } from '../event-store';
import { appendToStreamInTransaction } from './append-sql';
import type { InlineProjector } from '../projections/inline-projector';
import { appendToStreamsInTransaction, pipelinedAppend, withEventIds } from './append-streams-sql';
import type { AppendedStream } from './append-streams-sql';
import {
  countEvents,
  currentVersion,
  headPosition,
  positionOf,
  readAll,
  readByIdempotencyKeyId,
  readByRequestId,
  readStream,
  readStreams,
} from './log-reads';
import { eventsAppendedChannel } from './migrations';

export interface PostgresEventStoreOptions {
  /**
   * How appends wake readers. 'after-commit' (default): a coalesced NOTIFY right after the
   * commit, at most one every `afterCommitNotifyGapMs`; with `inline`, a write carries it with
   * its COMMIT every 50 ms instead, and the writes between rely on it (db/notifier.ts).
   * 'in-transaction': `pg_notify` inside the appending transaction, which serialises all
   * notifying commits in Postgres (see db/notifier.ts). 'off': readers rely on polling.
   */
  notify?: 'after-commit' | 'in-transaction' | 'off';
  /** Told about a failed wake-up NOTIFY (appends are unaffected). */
  onNotifyError?: (error: unknown) => void;
  /**
   * Read-model projections applied in every append's own transaction (see InlineProjector):
   * one commit per write, and the answer needs no wait for a runner. Not with
   * `notify: 'in-transaction'`.
   */
  inline?: InlineProjector;
}

/**
 * How often an inline write carries the wake-up NOTIFY in its own transaction; a write no
 * carrier follows within twice this sends one on its own. At 25 ms, a bulk call of 100 at 50
 * connections sent 0.05 NOTIFYs of its own per call (3 a second: the event loop, busy with the
 * bodies, let no write start for 50 ms; counted from the WAL's COMMIT records with pg_waldump),
 * and 40 commits a second took the notify lock.
 */
const carryNotifyEveryMs = 50;

/**
 * The least time between two wake-up NOTIFYs of appends that carry none (not inline): a reader
 * hears of a write at most this much later, and a writer appending one event at a time no
 * longer adds a notifying commit to nearly every append (bench:event-store, 1 writer: 0.66-0.72
 * of the raw INSERT without a gap, 0.83-0.85 at 2 ms, 0.83-0.89 at 5 ms, 0.88-0.93 unnotified).
 */
const afterCommitNotifyGapMs = 5;

/** Thrown inside a one-trip inline write whose projection statement failed: it rolls back. */
const projectionFailed = new Error('a projection statement failed');

/** An 'any' append that lost a race simply tries again: the caller asked for no check. */
const maxAnyRetries = 5;

/** The events of an append (each with its id) as a reader would get them back, unread. */
function recordedEventsOf(
  appends: readonly StreamAppend[],
  appended: readonly AppendedStream[],
): RecordedEvent[] {
  return appends.flatMap((append, s) => {
    const result = appended[s]!;
    const firstVersion = result.nextExpectedVersion - append.events.length + 1;
    return eventsBeforePosition(append, firstVersion).map((event, e) => ({
      ...event,
      position: { commit: result.position.commit, prepare: result.globalPositions[e]! },
      recordedAt: result.recordedAt,
    }));
  });
}

/**
 * The appends are here: inline (the projections in the append's transaction) or not, the
 * wake-up of readers, and the details of a conflict. The reads, one query each, are in
 * log-reads.ts.
 */
class PostgresEventStore implements EventStore {
  private readonly notifier;

  constructor(
    private readonly db: Database,
    private readonly options: PostgresEventStoreOptions,
  ) {
    // Inline writes carry the wake-up NOTIFY with their COMMIT, one every few ms (db/notifier.ts):
    // no statement or commit of its own. Other appends notify right after their commit, as the
    // answer of an asynchronous write waits for the runners this wakes.
    const carries = options.inline !== undefined && options.notify !== 'off';
    this.notifier = createCoalescingNotifier(db, eventsAppendedChannel, {
      onError: options.onNotifyError,
      ...(carries ? { carryEveryMs: carryNotifyEveryMs } : { minGapMs: afterCommitNotifyGapMs }),
    });
  }

  async appendToStream(
    streamName: string,
    events: readonly NewEvent[],
    { expectedVersion }: { expectedVersion: ExpectedVersion },
  ): Promise<AppendResult> {
    const append = { streamName, events, expectedVersion };
    if (this.options.inline) {
      if (events.length === 0) throw new RangeError(`Stream ${streamName}: nothing to append`);
      const [result] = await this.appendInline(this.options.inline, [append]);
      return result!;
    }
    return this.append((queryable) => appendToStreamInTransaction(queryable, append));
  }

  async appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0) return [];
    if (this.options.inline) return this.appendInline(this.options.inline, appends);
    return this.append((queryable) => appendToStreamsInTransaction(queryable, appends));
  }

  /**
   * Takes the write's lock (`InlineProjector.prelude`) for `appendInlineLocked`, and ends the
   * write with it, committed or not.
   */
  private async appendInline(
    inline: InlineProjector,
    unnamed: readonly StreamAppend[],
  ): Promise<AppendResult[]> {
    const appends = withEventIds(unnamed);
    const prelude = await inline.prelude();
    try {
      return await this.appendInlineLocked(inline, appends, prelude.statements, false);
    } finally {
      prelude.end();
    }
  }

  /**
   * One transaction, one commit, and one round trip when the projections' statements can be
   * had before the append (`InlineProjector.prepare`): the inline-writes lock, the append and
   * the statements leave together, one implicit transaction (transaction-protocol.ts).
   * Otherwise, or when a statement so sent fails (rolled back, and written again this way to
   * name the failure), two: BEGIN, the lock and the append with its rows read back, then the
   * statements and the COMMIT. A projection that fails rolls the append back with it.
   */
  private async appendInlineLocked(
    inline: InlineProjector,
    appends: readonly StreamAppend[],
    prelude: readonly PipelinedStatement[],
    twoSteps: boolean,
  ): Promise<AppendResult[]> {
    const prepared = twoSteps ? undefined : await inline.prepare(appends);
    const oneTrip = prepared && pipelinedAppend(appends);
    let carried = false;
    try {
      const results = await this.withConflictDetails(() =>
        this.db.transaction(
          async (tx) => {
            const notify = this.notifier.carry();
            carried = notify !== undefined;
            const beforeCommit = notify ? [notify] : [];
            try {
              if (!prepared || !oneTrip) {
                const appended = await appendToStreamsInTransaction(tx, appends);
                const events = recordedEventsOf(appends, appended);
                await inline.applyAndCommit(tx, events, beforeCommit);
                return appended;
              }
              const rows = await inline
                .commitWithAppend(tx, prepared, oneTrip.statement, beforeCommit)
                .catch((error: unknown) => {
                  throw oneTrip.error(error);
                });
              if (rows === 'projection failed') throw projectionFailed;
              return oneTrip.results(rows);
            } catch (error) {
              // Not committed: what the NOTIFY it carried would have covered is sent now.
              if (carried) this.notifier.carryFailed();
              carried = false;
              throw error;
            }
          },
          { prelude },
        ),
      );
      if (!carried) this.wakeReaders();
      return results.map(({ nextExpectedVersion, position }) => ({
        nextExpectedVersion,
        position,
      }));
    } catch (error) {
      if (error === projectionFailed) {
        return this.appendInlineLocked(inline, appends, prelude, true);
      }
      throw error;
    }
  }

  readStreams(
    streamNames: readonly string[],
    options: { fromVersions?: ReadonlyMap<string, number> } = {},
  ): Promise<Map<string, RecordedEvent[]>> {
    return readStreams(this.db, streamNames, options);
  }

  readStream(streamName: string, options: { fromVersion?: number } = {}): Promise<RecordedEvent[]> {
    return readStream(this.db, streamName, options);
  }

  readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return readAll(this.db, options);
  }

  headPosition(): Promise<LogPosition> {
    return headPosition(this.db);
  }

  readByRequestId(requestId: string): Promise<RecordedEvent[]> {
    return readByRequestId(this.db, requestId);
  }

  readByIdempotencyKeyId(idempotencyKeyId: string): Promise<RecordedEvent[]> {
    return readByIdempotencyKeyId(this.db, idempotencyKeyId);
  }

  positionOf(globalPosition: number): Promise<LogPosition | undefined> {
    return positionOf(this.db, globalPosition);
  }

  countEvents(options: { after?: LogPosition } = {}): Promise<number> {
    return countEvents(this.db, options);
  }

  onAppended(listener: () => void): Promise<() => Promise<void>> {
    return this.db.listen(eventsAppendedChannel, () => listener());
  }

  /** Stops waking readers; the database belongs to the caller, who closes it. */
  async close(): Promise<void> {
    await this.notifier.close();
  }

  /** Runs one append (with the NOTIFY inside its transaction when so configured), then wakes readers. */
  private async append<T>(write: (queryable: Queryable) => Promise<T>): Promise<T> {
    const result = await this.withConflictDetails(() =>
      this.options.notify === 'in-transaction'
        ? this.db.transaction(async (tx) => {
            const appended = await write(tx);
            await tx.query(`SELECT pg_notify($1, '')`, [eventsAppendedChannel]);
            return appended;
          })
        : write(this.db),
    );
    this.wakeReaders();
    return result;
  }

  private wakeReaders(): void {
    if ((this.options.notify ?? 'after-commit') === 'after-commit') this.notifier.poke();
  }

  /**
   * A unique-violation aborts the transaction before we learn the winner's version: look it up
   * now, or retry when the caller expected 'any'.
   */
  private async withConflictDetails<T>(attempt: () => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || error.actualVersion !== undefined) throw error;
        if (error.expectedVersion === 'any' && tries < maxAnyRetries) continue;
        throw new ConcurrencyError(
          error.streamName,
          error.expectedVersion,
          await currentVersion(this.db, error.streamName),
        );
      }
    }
  }
}

/** The default event store: one `events` table, on a Postgres server or in-process PGlite. */
export function createPostgresEventStore(
  db: Database,
  options: PostgresEventStoreOptions = {},
): EventStore {
  return new PostgresEventStore(db, options);
}
