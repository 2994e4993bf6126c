import { sqlStateOf, SqlState } from '../db';
import type { StreamAppend } from '../event-store';
import { ConcurrencyError, DuplicateEventIdError } from '../event-store';

// How a failed multi-stream append becomes a ConcurrencyError (or a DuplicateEventIdError)
// that names its stream, with the version it found when that can be known. The store looks
// the version up when the failure does not tell it (PostgresEventStore's withConflictDetails).

/** A failed expected-version check: `head` is the stream's last version, -1 for none. */
export function checkFailed(
  { streamName, expectedVersion }: StreamAppend,
  head: number,
): ConcurrencyError {
  return new ConcurrencyError(streamName, expectedVersion, head < 0 ? 'no_stream' : head);
}

/**
 * A multi-stream append's failure, with its streams in stream-name order: the checked
 * function's failed check (SQLSTATE `appendCheckFailed`, detail `<stream index>:<head>`), or a
 * unique violation (see below). Anything else is returned as it is.
 */
export function translateAppendStreamsError(
  error: unknown,
  sorted: readonly StreamAppend[],
): unknown {
  if (sqlStateOf(error) === SqlState.appendCheckFailed) {
    const detail = (error as { detail?: unknown }).detail;
    const [index, head] = String(detail).split(':').map(Number);
    const append = sorted[index! - 1];
    return append && Number.isInteger(head) ? checkFailed(append, head!) : error;
  }
  return translateUniqueViolation(error, sorted);
}

/**
 * Which stream a unique violation belongs to, from the key Postgres names in the error's
 * detail: `Key (stream_name, stream_version)=(<name>, <version>) already exists.` or
 * `Key (event_id)=(<uuid>) already exists.` (the words around the key are translated, the key
 * itself is not). Rows are inserted in stream-name order, so the violation is raised by the
 * first conflicting row, as the stream-by-stream loop this statement replaces raised it.
 */
function translateUniqueViolation(error: unknown, sorted: readonly StreamAppend[]): unknown {
  if (sqlStateOf(error) !== SqlState.uniqueViolation) return error;
  const { constraint, detail } = error as { constraint?: unknown; detail?: unknown };
  const key = typeof detail === 'string' ? detail : '';
  if (constraint === 'events_event_id_key') {
    return new DuplicateEventIdError(streamOfDuplicateId(key, sorted).streamName);
  }
  const conflicting =
    sorted.find(({ streamName }) => {
      const prefix = `)=(${streamName}, `;
      const at = key.indexOf(prefix);
      return at >= 0 && /^\d+\)/.test(key.slice(at + prefix.length));
    }) ??
    // No detail (Postgres leaves it out for a role that cannot read the table): name the first.
    sorted[0]!;
  return new ConcurrencyError(conflicting.streamName, conflicting.expectedVersion, undefined);
}

/**
 * The stream whose insert hit the duplicate id: its second use when the call itself carries
 * the id twice, else its only use (the id was already stored).
 */
function streamOfDuplicateId(key: string, sorted: readonly StreamAppend[]): StreamAppend {
  const lowerKey = key.toLowerCase();
  const uses = sorted.flatMap((append) =>
    append.events.flatMap(({ id }) =>
      id !== undefined && lowerKey.includes(`)=(${id.toLowerCase()})`) ? [append] : [],
    ),
  );
  return uses[1] ?? uses[0] ?? sorted[0]!;
}
