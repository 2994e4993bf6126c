import { createHash, randomUUID } from 'node:crypto';
import type { Migration, PipelinedStatement, Queryable } from '../db';
import { SqlState } from '../db';
import type { AppendResult, StreamAppend } from '../event-store';
import { checkFailed, translateAppendStreamsError } from './append-conflicts';
import { newStreamsInsert } from './append-new-streams-sql';

/**
 * An atomic multi-stream append in one call of a PL/pgSQL function, so a bulk call's ~200
 * streams cost one round trip instead of one each. It reads every stream's head in one
 * statement (an index lookup each), checks each expected version in PL/pgSQL, and only then
 * inserts the events, so a failed check writes nothing. A failed check answers the 1-based
 * index of the first failing stream, or with `p_raise` raises SQLSTATE
 * `SqlState.appendCheckFailed` (detail `<stream index>:<head>`) so that nothing after it in a
 * pipeline runs (an inline write sends its projections and COMMIT without waiting).
 *
 * Events arrive as parallel arrays, each with the 1-based index of its stream and its 1-based
 * place within that stream, laid out in stream-name order: the INSERT takes them in that
 * order, so global positions follow it and concurrent appenders take unique-index entries in
 * the same order (no deadlock). Two appenders reading the same head both insert head+1 and the
 * unique constraint rejects the later one. The answer is one row: the heads read, the index of
 * the failed stream (0 for none), and the new events' global positions in the order given,
 * their commit (transaction id) and time.
 *
 * The function keeps one generic plan per statement and connection (`plan_cache_mode =
 * force_generic_plan`): a custom plan knows its arrays' lengths and a generic one does not,
 * so the server would otherwise plan again on every call. It replaces the functions of
 * append-streams-v1.ts, one big statement (a hash join of streams and events, then a grouped
 * aggregate) wrapped, for the raising variant, in a second function: a third of the server's
 * time per two-stream append less (0.18 against 0.135 ms a call with `pgbench -M prepared`,
 * commits not flushed).
 *
 * The function is named after a hash of its body, and made by a migration of the same name: a
 * change adds a new function beside the old one, so processes still running the old code keep
 * working during a deploy. Its body keeps no semicolon at a line end (see splitStatements).
 */
const appendBody = `DECLARE heads integer[]; head integer; BEGIN
  SELECT array_agg(coalesce(
      (SELECT e.stream_version FROM events e WHERE e.stream_name = s.name
       ORDER BY e.stream_version DESC LIMIT 1), -1) ORDER BY s.n)
    INTO heads FROM unnest(p_names) WITH ORDINALITY AS s(name, n)
  ; r_heads := heads; r_failed := 0
  ; FOR i IN 1 .. cardinality(p_names) LOOP
    head := heads[i]
    ; IF NOT (CASE p_kinds[i] WHEN 'any' THEN true WHEN 'no_stream' THEN head = -1
        WHEN 'stream_exists' THEN head >= 0 ELSE head = p_expected[i] END) THEN
      IF p_raise THEN
        RAISE EXCEPTION 'expected version of stream % failed', i
          USING ERRCODE = '${SqlState.appendCheckFailed}', DETAIL = i || ':' || head
      ; END IF
      ; r_failed := i; RETURN NEXT; RETURN
    ; END IF
  ; END LOOP
  ; WITH inserted AS (
    INSERT INTO events (stream_name, stream_version, type, data, metadata, schema_version, event_id)
    SELECT p_names[e.s], heads[e.s] + e.place, e.type, e.data::jsonb, e.metadata::jsonb,
      e.schema_version, e.event_id::uuid
    FROM unnest(p_streams, p_places, p_types, p_data, p_metadata, p_schema_versions, p_event_ids)
      WITH ORDINALITY AS e(s, place, type, data, metadata, schema_version, event_id, ordinal)
    ORDER BY e.ordinal
    RETURNING global_position, transaction_id, recorded_at
  )
  SELECT array_agg(global_position ORDER BY global_position), min(transaction_id::text::bigint),
    min(recorded_at)
  INTO r_positions, r_commit, r_recorded_at FROM inserted
  ; RETURN NEXT
; END`;

const appendHash = createHash('sha256').update(appendBody).digest('hex').slice(0, 12);
const appendFunction = `event_store_append_${appendHash}`;

export const appendMigration: Migration = {
  id: `event-store/006-append-function-${appendHash}`,
  sql: `CREATE OR REPLACE FUNCTION ${appendFunction}(
  p_names text[], p_kinds text[], p_expected integer[], p_streams integer[], p_places integer[],
  p_types text[], p_data text[], p_metadata text[], p_schema_versions integer[],
  p_event_ids text[], p_raise boolean)
RETURNS TABLE (r_heads integer[], r_failed integer, r_positions bigint[], r_commit bigint,
  r_recorded_at timestamptz)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $function$ ${appendBody} $function$`,
};

/** The function's answer. */
interface AppendRow {
  /** Each stream's last version before the append, -1 for none, in stream-name order. */
  heads: number[];
  /** 1-based index of the first stream whose expected version failed; 0 when none did. */
  failed: number;
  /** The new events' global positions in the order given (int8[] arrives as text); null when failed. */
  positions: (string | number)[] | null;
  commit: number | string | null;
  recorded_at: Date | null;
}

const callAppend = `SELECT r_heads AS heads, r_failed AS failed, r_positions AS positions,
  r_commit AS commit, r_recorded_at AS recorded_at
FROM ${appendFunction}($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`;

/**
 * An append's result with what a reader of its events would see of each: its global position
 * and when it was recorded. Inline projections apply the events from it, in the same
 * transaction, without reading them back.
 */
export interface AppendedStream extends AppendResult {
  /** Global position of each appended event, in the order given. */
  globalPositions: number[];
  recordedAt: Date;
}

/**
 * The appends in stream-name order (the lock order, and the order of their global positions),
 * each with its index in the caller's list. A stream listed twice is a RangeError, as is a
 * stream with nothing to append.
 */
function inStreamOrder(
  appends: readonly StreamAppend[],
): { append: StreamAppend; index: number }[] {
  const order = appends
    .map((append, index) => ({ append, index }))
    .sort((a, b) => (a.append.streamName < b.append.streamName ? -1 : 1));
  for (const [i, { append }] of order.entries()) {
    if (append.events.length === 0) {
      throw new RangeError(`Stream ${append.streamName}: nothing to append`);
    }
    if (i > 0 && order[i - 1]!.append.streamName === append.streamName) {
      throw new RangeError('appendToStreams: a stream is listed twice');
    }
  }
  return order;
}

/** Every event with an id: the caller's, or a new one (its append and its projections share it). */
export function withEventIds(appends: readonly StreamAppend[]): StreamAppend[] {
  return appends.map((append) =>
    append.events.every((event) => event.id !== undefined)
      ? append
      : {
          ...append,
          events: append.events.map((event) => ({ ...event, id: event.id ?? randomUUID() })),
        },
  );
}

/** The function's arguments for `sorted` (stream-name order), every event with its id. */
function appendParams(sorted: readonly StreamAppend[], raise: boolean): unknown[] {
  const events = sorted.flatMap((append, s) =>
    append.events.map((event, place) => ({ event, stream: s + 1, place: place + 1 })),
  );
  return [
    sorted.map((append) => append.streamName),
    sorted.map(({ expectedVersion }) =>
      typeof expectedVersion === 'number' ? 'version' : expectedVersion,
    ),
    sorted.map(({ expectedVersion }) =>
      typeof expectedVersion === 'number' ? expectedVersion : null,
    ),
    events.map((e) => e.stream),
    events.map((e) => e.place),
    events.map((e) => e.event.type),
    events.map((e) => JSON.stringify(e.event.data ?? null)),
    events.map((e) => JSON.stringify(e.event.metadata ?? {})),
    events.map((e) => e.event.schemaVersion ?? 1),
    events.map((e) => e.event.id),
    raise,
  ];
}

/** The appends, every event with its id, in stream-name order. */
function sortedWithIds(appends: readonly StreamAppend[]) {
  const order = inStreamOrder(withEventIds(appends));
  return { order, sorted: order.map(({ append }) => append) };
}

/**
 * Appends to several streams, all or nothing, in one statement: inside the caller's
 * transaction, or as one autocommit statement when `queryable` is the database. Results are
 * in the order of `appends`. A failed expected-version check is a ConcurrencyError for the
 * first failing stream in name order, with its actual version. A unique violation (a
 * concurrent appender won a race) is a ConcurrencyError whose actual version is unknown
 * here: the statement was aborted, the adapter looks it up afterwards.
 */
export async function appendToStreamsInTransaction(
  queryable: Queryable,
  appends: readonly StreamAppend[],
): Promise<AppendedStream[]> {
  if (appends.length === 0) return [];
  const { order, sorted } = sortedWithIds(appends);
  let rows: AppendRow[];
  try {
    ({ rows } = await queryable.query<AppendRow>(callAppend, appendParams(sorted, false), {
      name: 'event_store_append_streams',
    }));
  } catch (error) {
    throw translateAppendStreamsError(error, sorted);
  }
  const row = rows[0];
  if (row && row.failed > 0) throw checkFailed(sorted[row.failed - 1]!, row.heads[row.failed - 1]!);
  return appendedStreams(order, row);
}

/** An append as the first statement of a pipeline, and how to read its answer. */
export interface PipelinedAppend {
  statement: PipelinedStatement;
  /** The results, in the order of the appends, from the statement's rows. */
  results(rows: unknown[]): AppendedStream[];
  /** Its failure as `appendToStreamsInTransaction` would throw it. */
  error(error: unknown): unknown;
}

/**
 * The appends as one statement that fails when a stream is not at its expected version, for a
 * pipeline that sends what follows it without waiting for its answer: an inline write's
 * projections and COMMIT. Appends of new streams only are a plain INSERT that the unique key
 * refuses (`newStreamsInsert`); others call the function, raising on a failed check. Every
 * event must carry its id (`withEventIds`), as the projections saw it.
 */
export function pipelinedAppend(appends: readonly StreamAppend[]): PipelinedAppend {
  const { order, sorted } = sortedWithIds(appends);
  // New streams only: a plain INSERT, the unique key refusing one that exists.
  const insert = newStreamsInsert(sorted);
  const error = (failure: unknown) => translateAppendStreamsError(failure, sorted);
  if (insert) {
    return {
      statement: insert.statement,
      results: (rows) => appendedStreams(order, insert.row(rows)),
      error,
    };
  }
  return {
    statement: {
      text: callAppend,
      params: appendParams(sorted, true),
      name: 'event_store_append_streams',
    },
    results: (rows) => appendedStreams(order, rows[0] as AppendRow | undefined),
    error,
  };
}

/** Each append's result from the function's answer (its arrays in stream-name order). */
function appendedStreams(
  order: readonly { append: StreamAppend; index: number }[],
  row: AppendRow | undefined,
): AppendedStream[] {
  if (!row || row.positions === null || row.commit === null || row.recorded_at === null) {
    throw new Error('the append function answered no events');
  }
  const positions = row.positions.map(Number);
  const commit = Number(row.commit);
  const results = new Array<AppendedStream>(order.length);
  let firstEvent = 0;
  for (const [s, { index, append }] of order.entries()) {
    const count = append.events.length;
    const globalPositions = positions.slice(firstEvent, firstEvent + count);
    results[index] = {
      nextExpectedVersion: row.heads[s]! + count,
      position: { commit, prepare: globalPositions[count - 1]! },
      globalPositions,
      recordedAt: row.recorded_at,
    };
    firstEvent += count;
  }
  return results;
}
