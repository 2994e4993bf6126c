import { createHash } from 'node:crypto';
import type { Migration } from '../db';
import { SqlState } from '../db';

// The append functions of earlier versions (migrations 004 and 005), kept as they were: a
// database they migrated keeps them, and processes of those versions call them during a deploy.
// This version appends through the leaner function of append-streams-sql.ts.

/**
 * An atomic multi-stream append in one statement, so a bulk call's ~200 streams cost one
 * round trip instead of one each. `streams` reads every stream's head from the statement's
 * snapshot and checks its expected version; the INSERT runs only when every check passed
 * (a one-time filter), so a failed check writes nothing. Events arrive as parallel arrays, each
 * with the 1-based index of its stream and its 1-based place within that stream, laid out in
 * stream-name order: the INSERT takes them in that order, so global positions follow it and
 * concurrent appenders take unique-index entries in the same order (no deadlock). Two
 * appenders reading the same head both insert head+1 and the unique constraint rejects the
 * later one, as in the single-stream statement. Prepared once per connection.
 *
 * `OFFSET 0` keeps the head lookup a subquery of its own: pulled up, it was copied into the
 * select list and each branch of the CASE, four subplans of which two ran per stream; one
 * lookup per stream instead took a 2-stream append from 0.90 to 0.31 ms of planning and 0.61 to
 * 0.25 ms of execution (EXPLAIN ANALYZE, first run on a connection).
 */
const appendStreamsSql = `
WITH streams AS MATERIALIZED (
  SELECT s.stream_index, s.stream_name, h.head,
    CASE s.kind
      WHEN 'any' THEN true
      WHEN 'no_stream' THEN h.head = -1
      WHEN 'stream_exists' THEN h.head >= 0
      ELSE h.head = s.expected
    END AS ok
  FROM unnest($1::text[], $2::text[], $3::integer[])
    WITH ORDINALITY AS s(stream_name, kind, expected, stream_index)
  CROSS JOIN LATERAL (
    SELECT coalesce(
      (SELECT stream_version FROM events WHERE stream_name = s.stream_name
       ORDER BY stream_version DESC LIMIT 1),
      -1
    ) AS head
    OFFSET 0 -- one lookup per stream, not one per reference to head
  ) h
), inserted AS (
  INSERT INTO events (stream_name, stream_version, type, data, metadata, schema_version, event_id)
  SELECT s.stream_name, s.head + e.place, e.type, e.data::jsonb, e.metadata::jsonb, e.schema_version, e.event_id::uuid
  FROM unnest($4::integer[], $5::integer[], $6::text[], $7::text[], $8::text[], $9::integer[], $10::text[])
    WITH ORDINALITY AS e(stream_index, place, type, data, metadata, schema_version, event_id, ordinal)
  JOIN streams s ON s.stream_index = e.stream_index
  WHERE NOT EXISTS (SELECT FROM streams WHERE NOT ok)
  ORDER BY e.ordinal
  RETURNING stream_name, stream_version, global_position, transaction_id, recorded_at
)
SELECT s.head, s.ok, i.last_version, i.last_position, i.commit, i.positions, i.recorded_at
FROM streams s
LEFT JOIN (
  SELECT stream_name, max(stream_version) AS last_version, max(global_position) AS last_position,
    min(transaction_id::text::bigint) AS commit,
    array_agg(global_position ORDER BY stream_version) AS positions,
    min(recorded_at) AS recorded_at
  FROM inserted GROUP BY stream_name
) i ON i.stream_name = s.stream_name
ORDER BY s.stream_index`;

/**
 * The statement runs inside a PL/pgSQL function that keeps one generic plan per connection
 * (`plan_cache_mode = force_generic_plan` on the function). As a prepared statement the server
 * planned it again for every call: its arrays' lengths are known to a custom plan (2 streams)
 * and not to a generic one (10 assumed), so the generic plan always looked dearer, and the
 * planning cost more than the run (bind 0.38 ms, execute 0.27 ms per create at 50
 * connections; `log_min_duration_statement`). The generic plan is the same shape: one index
 * lookup of each stream's head, the events inserted from the arrays. Through the function: bind
 * 0.045 ms, execute 0.35 ms, so 0.39 ms of the server's time per create instead of 0.64.
 *
 * The function is named after a hash of the statement, and made by a migration of the same
 * name: a change to the statement adds a new function beside the old one, so processes still
 * running the old code keep working during a deploy.
 */
const appendStreamsHash = createHash('sha256').update(appendStreamsSql).digest('hex').slice(0, 12);
const appendStreamsFunction = `event_store_append_streams_${appendStreamsHash}`;

/** What both functions take and answer: one row per stream, in the order passed. */
const signature = `(
  text[], text[], integer[], integer[], integer[], text[], text[], text[], integer[], text[])
RETURNS TABLE (r_head integer, r_ok boolean, r_last_version integer, r_last_position bigint,
  r_commit bigint, r_positions bigint[], r_recorded_at timestamptz)
LANGUAGE plpgsql`;

export const appendStreamsMigrationV1: Migration = {
  id: `event-store/004-append-streams-function-${appendStreamsHash}`,
  // One statement: the body's semicolon is not at a line end (see splitStatements).
  sql: `CREATE OR REPLACE FUNCTION ${appendStreamsFunction}${signature}
SET plan_cache_mode = force_generic_plan
AS $function$ BEGIN RETURN QUERY ${appendStreamsSql.trim()}; END $function$`,
};

/**
 * The same append for a pipeline that goes on without waiting for its answer (an inline
 * write: the projections' statements and the COMMIT leave with it). A failed expected-version
 * check raises instead of answering `ok = false`, so nothing after it runs: SQLSTATE
 * `SqlState.appendCheckFailed`, the detail `<stream index>:<head>` (1-based, in stream-name order).
 * Its body keeps no semicolon at a line end (see splitStatements).
 */
const appendStreamsCheckedFunction = `event_store_append_streams_checked_${appendStreamsHash}`;

export const appendStreamsCheckedMigrationV1: Migration = {
  id: `event-store/005-append-streams-checked-${appendStreamsHash}`,
  sql: `CREATE OR REPLACE FUNCTION ${appendStreamsCheckedFunction}${signature}
AS $function$ DECLARE s record; BEGIN
  FOR s IN SELECT * FROM ${appendStreamsFunction}($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
    WITH ORDINALITY AS a ORDER BY a.ordinality
  LOOP
    IF NOT s.r_ok THEN
      RAISE EXCEPTION 'expected version of stream % failed', s.ordinality
        USING ERRCODE = '${SqlState.appendCheckFailed}', DETAIL = s.ordinality || ':' || s.r_head
    ; END IF; r_head := s.r_head; r_ok := true; r_last_version := s.r_last_version
    ; r_last_position := s.r_last_position; r_commit := s.r_commit; r_positions := s.r_positions
    ; r_recorded_at := s.r_recorded_at; RETURN NEXT
  ; END LOOP
; END $function$`,
};
