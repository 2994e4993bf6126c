import { createInlineProjector } from '@brand-api/event-store';
import type { Database, InlineProjector, ParkedEvent, Projection } from '@brand-api/event-store';
import type { Logger } from 'pino';
import {
  brandsProjection,
  catalogueProjection,
  communityProjection,
  eventFeedProjection,
} from '@brand-api/read-models';

/** The read-model projections the workers run and commands wait for. A feature adds its own here. */
export const readModelProjections: readonly Projection[] = [
  brandsProjection,
  catalogueProjection,
  communityProjection,
  eventFeedProjection,
];

/**
 * How the read models are applied, as the event log allows: inline, in the append's own
 * transaction, when the log is the `events` table in the read models' own database and an
 * append may span several streams (Postgres or PGlite, the default); by the runner, after the
 * write, when it is not (EventStoreDB, or a single-stream store: `undefined` here). One
 * definition of each projection serves both.
 */
export function inlineProjectorFor(
  db: Database,
  log: 'postgres-multi-stream' | 'single-stream' | 'eventstoredb',
): InlineProjector | undefined {
  if (log !== 'postgres-multi-stream') return undefined;
  // The embedded database belongs to one process (the data-directory lock): nothing else
  // writes its read tables, so this process's read cache stays exact.
  return createInlineProjector(readModelProjections, { exclusiveWriter: db.kind === 'pglite' });
}

/** The runner's `onParked`: one error line an operator can act on. */
export function logParkedEvent(logger: Logger): (parked: ParkedEvent) => void {
  return (parked) =>
    logger.error(
      {
        projection: parked.projection,
        position: parked.position.prepare,
        eventType: parked.eventType,
        streamName: parked.streamName,
        attempts: parked.attempts,
        error: parked.error,
      },
      'event parked: the projection moved on without it (brandctl projections parked list)',
    );
}
