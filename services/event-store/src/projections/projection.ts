import type { Queryable } from '../db';
import type { EventMetadata, EventShape, LogPosition, RecordedEvent } from '../event-store';
import type { SqlStatement } from './sql-statement';

export type { SqlStatement } from './sql-statement';

/**
 * A read-model projection. The runner owns the transaction and the checkpoint; a projection
 * only says what an event does to its tables.
 *
 * Prefer returning SQL statements from `apply`: the projection is then a pure function of the
 * event, tested as "given events, then statements" or by applying them to a test database. A
 * projection that must read inside the transaction may use `tx` itself and return nothing. Do
 * not use the Database directly inside `apply`: on PGlite the transaction holds the only
 * connection, so a query outside `tx` would wait forever.
 */
export interface Projection<
  E extends EventShape = EventShape,
  Meta extends object = EventMetadata,
> {
  readonly name: string;
  /**
   * Bump it to rebuild: when the stored checkpoint has an older version the runner calls
   * `reset` and replays from the start of the log, in one transaction.
   */
  readonly version: number;
  /** Event types passed to `apply`; other events only move the checkpoint. */
  readonly handles: readonly E['type'][];
  /**
   * Called with the events of the types in `handles` only, each with the metadata its writer
   * gave it: `E` and `Meta` say what those are (for the domain's projections, the contracts'
   * events and the command engine's `CommandMetadata`), so `apply` narrows by `event.type`
   * instead of casting. Old schema versions arrive upcast (see `upcastOnRead`). Inline, an
   * `apply` that reads neither `tx` nor the event's `position` or `recordedAt` is called
   * before the append, and its statements leave with it (`InlineProjector.prepare`): one
   * round trip per write instead of two.
   */
  apply(
    event: RecordedEvent<E, Meta>,
    tx: Queryable,
  ): readonly SqlStatement[] | void | Promise<readonly SqlStatement[] | void>;
  /** Empties the projection's tables before a replay from the start. */
  reset?(tx: Queryable): Promise<void>;
}

/** `inline`: applied in every append's own transaction, always current (InlineProjector). */
export type ProjectionStatus = 'idle' | 'running' | 'stopped' | 'failed' | 'inline';

export interface ProjectionCheckpoint {
  name: string;
  version: number;
  position: LogPosition;
  status: ProjectionStatus;
  lastError: string | null;
  updatedAt: Date;
  /** Events this projection parked that no operator has retried or skipped yet. */
  parked: number;
}

export class ProjectionApplyError extends Error {
  override readonly name = 'ProjectionApplyError';
  constructor(
    readonly projectionName: string,
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(
      `Projection ${projectionName} failed on ${event.type} ${event.streamName}@${event.streamVersion} ` +
        `(position ${event.position.commit}/${event.position.prepare}): ${
          cause instanceof Error ? cause.message : String(cause)
        }`,
    );
  }
}
