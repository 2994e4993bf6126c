import type { Database, Queryable } from '../db';
import { createCoalescingNotifier } from '../db';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  LogPosition,
  NewEvent,
  ReadAllOptions,
  RecordedEvent,
  StreamAppend,
} from '../event-store';
import { ConcurrencyError, startOfLog } from '../event-store';
import { appendToStreamInTransaction } from './append-sql';
import type { InlineProjector } from '../projections/inline-projector';
import { appendToStreamsInTransaction } from './append-streams-sql';
import type { AppendedStream } from './append-streams-sql';
import { eventsAppendedChannel } from './migrations';

export interface PostgresEventStoreOptions {
  /**
   * How appends wake readers. 'after-commit' (default): a coalesced NOTIFY right after the
   * commit; with `inline`, a write carries it with its COMMIT every 25 ms instead, and the
   * writes between rely on it (db/notifier.ts). 'in-transaction': `pg_notify` inside the appending transaction, which serialises
   * all notifying commits in Postgres (see db/notifier.ts). 'off': readers rely on polling.
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

/** How often an inline write carries the wake-up NOTIFY in its own transaction. */
const carryNotifyEveryMs = 25;

/** An 'any' append that lost a race simply tries again: the caller asked for no check. */
const maxAnyRetries = 5;

const selectColumns = `event_id, type, data, metadata, schema_version, stream_name, stream_version,
  transaction_id::text::bigint AS commit, global_position, recorded_at`;

/** Only transactions older than every running one: nothing can commit before them any more. */
const visibleToReaders = `transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;

interface EventRow {
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  schema_version: number;
  stream_name: string;
  stream_version: number;
  commit: number;
  global_position: number;
  recorded_at: Date;
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    schemaVersion: row.schema_version,
    streamName: row.stream_name,
    streamVersion: row.stream_version,
    position: { commit: row.commit, prepare: row.global_position },
    recordedAt: row.recorded_at,
  };
}

/** The events of an append as a reader would get them back, without reading them. */
function recordedEventsOf(
  appends: readonly StreamAppend[],
  appended: readonly AppendedStream[],
): RecordedEvent[] {
  return appends.flatMap((append, s) => {
    const result = appended[s]!;
    const firstVersion = result.nextExpectedVersion - append.events.length + 1;
    return append.events.map((event, e) => ({
      id: result.eventIds[e]!,
      type: event.type,
      data: event.data ?? null,
      metadata: event.metadata ?? {},
      schemaVersion: event.schemaVersion ?? 1,
      streamName: append.streamName,
      streamVersion: firstVersion + e,
      position: { commit: result.position.commit, prepare: result.globalPositions[e]! },
      recordedAt: result.recordedAt,
    }));
  });
}

class PostgresEventStore implements EventStore {
  private readonly notifier;

  constructor(
    private readonly db: Database,
    private readonly options: PostgresEventStoreOptions,
  ) {
    // Inline writes carry the wake-up NOTIFY with their COMMIT, one every few ms (db/notifier.ts):
    // no statement or commit of its own. Other appends notify right after their commit, as the
    // answer of an asynchronous write waits for the runners this wakes.
    this.notifier = createCoalescingNotifier(db, eventsAppendedChannel, {
      onError: options.onNotifyError,
      carryEveryMs: options.inline && options.notify !== 'off' ? carryNotifyEveryMs : undefined,
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
   * One transaction, one commit: BEGIN, the inline-writes lock and the append leave together
   * (one round trip, the append's rows read back), then the projections' statements and the
   * COMMIT (a second). A projection that fails rolls the append back with it.
   */
  private async appendInline(
    inline: InlineProjector,
    appends: readonly StreamAppend[],
  ): Promise<AppendResult[]> {
    let carried = false;
    const results = await this.withConflictDetails(() =>
      this.db.transaction(
        async (tx) => {
          carried = false;
          const appended = await appendToStreamsInTransaction(tx, appends);
          const notify = this.notifier.carry();
          carried = notify !== undefined;
          try {
            await inline.applyAndCommit(
              tx,
              recordedEventsOf(appends, appended),
              notify ? [notify] : [],
            );
          } catch (error) {
            if (carried) this.notifier.carryFailed();
            carried = false;
            throw error;
          }
          return appended.map(({ nextExpectedVersion, position }) => ({
            nextExpectedVersion,
            position,
          }));
        },
        { prelude: inline.prelude },
      ),
    );
    if (!carried) this.wakeReaders();
    return results;
  }

  async readStreams(
    streamNames: readonly string[],
    options: { fromVersions?: ReadonlyMap<string, number> } = {},
  ): Promise<Map<string, RecordedEvent[]>> {
    const streams = new Map<string, RecordedEvent[]>(streamNames.map((name) => [name, []]));
    if (streams.size === 0) return streams;
    const names = [...streams.keys()];
    const from = names.map((name) => options.fromVersions?.get(name) ?? 0);
    // One index range scan per stream, whatever the statistics say: LATERAL makes it a nested
    // loop over the names, and each name matches one stream. As a join or as
    // `stream_name = ANY($1)`, the planner sized the streams from statistics that lag a fast
    // growing log (no ANALYZE yet, or one made when the log was small) and chose a sequential
    // scan of the whole log for every load, growing with the log: a create's read of its
    // store-id claim took up to 2 ms, a bulk call's read of 100 claims 27-37 ms (auto_explain,
    // 50 connections, a fresh database), and a named statement kept such a plan until the next
    // ANALYZE. The nested loop has the same plan generic or custom, so it is prepared.
    const { rows } = await this.db.query<EventRow>(
      `SELECT e.* FROM unnest($1::text[], $2::integer[]) AS wanted (name, from_version)
       CROSS JOIN LATERAL (
         SELECT ${selectColumns} FROM events
         WHERE stream_name = wanted.name AND stream_version >= wanted.from_version
         ORDER BY stream_version
       ) e
       ORDER BY e.stream_name, e.stream_version`,
      [names, from],
      { name: 'event_store_read_streams' },
    );
    for (const row of rows) streams.get(row.stream_name)?.push(toRecordedEvent(row));
    return streams;
  }

  async readStream(
    streamName: string,
    options: { fromVersion?: number } = {},
  ): Promise<RecordedEvent[]> {
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${selectColumns} FROM events
       WHERE stream_name = $1 AND stream_version >= $2 ORDER BY stream_version`,
      [streamName, options.fromVersion ?? 0],
      { name: 'event_store_read_stream' },
    );
    return rows.map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? startOfLog;
    const visible = options.noAppendInFlight === true ? 'true' : visibleToReaders;
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${selectColumns} FROM events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND ${visible}
       ORDER BY transaction_id, global_position
       LIMIT $3`,
      [after.commit, after.prepare, options.limit ?? 1000],
      {
        name:
          options.noAppendInFlight === true
            ? 'event_store_read_all_settled'
            : 'event_store_read_all',
      },
    );
    return rows.map(toRecordedEvent);
  }

  async headPosition(): Promise<LogPosition> {
    const { rows } = await this.db.query<{ commit: number; prepare: number }>(
      `SELECT transaction_id::text::bigint AS commit, global_position AS prepare FROM events
       WHERE ${visibleToReaders}
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    return rows[0] ?? startOfLog;
  }

  /** Not filtered on visibility: the caller asks after the request's transactions committed. */
  async readByRequestId(requestId: string): Promise<RecordedEvent[]> {
    // The expression matches the index `events_request_id_idx` (migrations.ts) exactly.
    return this.readByMetadata('requestId', requestId, 'event_store_read_by_request_id');
  }

  /** Not filtered on visibility, as `readByRequestId`. */
  async readByIdempotencyKeyId(idempotencyKeyId: string): Promise<RecordedEvent[]> {
    // Matches the partial index `events_idempotency_key_id_idx` (migrations.ts): `=` on the
    // expression implies its IS NOT NULL predicate.
    return this.readByMetadata(
      'idempotencyKeyId',
      idempotencyKeyId,
      'event_store_read_by_idempotency_key_id',
    );
  }

  /** The events whose metadata `key` is `value`, in readAll order; `name` names the statement. */
  private async readByMetadata(
    key: 'requestId' | 'idempotencyKeyId',
    value: string,
    name: string,
  ): Promise<RecordedEvent[]> {
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${selectColumns} FROM events WHERE metadata->>'${key}' = $1
       ORDER BY transaction_id, global_position`,
      [value],
      { name },
    );
    return rows.map(toRecordedEvent);
  }

  async positionOf(globalPosition: number): Promise<LogPosition | undefined> {
    const { rows } = await this.db.query<{ commit: number }>(
      `SELECT transaction_id::text::bigint AS commit FROM events WHERE global_position = $1`,
      [globalPosition],
    );
    const commit = rows[0]?.commit;
    return commit === undefined ? undefined : { commit, prepare: globalPosition };
  }

  async countEvents(options: { after?: LogPosition } = {}): Promise<number> {
    const after = options.after ?? startOfLog;
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::bigint AS count FROM events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)`,
      [after.commit, after.prepare],
    );
    return rows[0]?.count ?? 0;
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
          await this.currentVersion(error.streamName),
        );
      }
    }
  }

  private async currentVersion(streamName: string): Promise<number | 'no_stream'> {
    const { rows } = await this.db.query<{ version: number | null }>(
      'SELECT max(stream_version) AS version FROM events WHERE stream_name = $1',
      [streamName],
    );
    return rows[0]?.version ?? 'no_stream';
  }
}

/** The default event store: one `events` table, on a Postgres server or in-process PGlite. */
export function createPostgresEventStore(
  db: Database,
  options: PostgresEventStoreOptions = {},
): EventStore {
  return new PostgresEventStore(db, options);
}
