import {
  createInlineProjector,
  embeddedWriters,
  sharedWriters,
  SoleWriterLease,
} from '@brand-api/event-store';
import type {
  Database,
  InlineProjector,
  InlineWriters,
  ParkedEvent,
  Projection,
} from '@brand-api/event-store';
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
  log: 'postgres-multi-stream' | 'single-stream' | 'eventstoredb',
  writers: InlineWriters,
): InlineProjector | undefined {
  if (log !== 'postgres-multi-stream') return undefined;
  return createInlineProjector(readModelProjections, { writers });
}

/** This process's part among the writers of the inline read models, started after catch-up. */
export interface ProcessWriters {
  writers: InlineWriters;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Who else writes the inline read models, as this process's read cache must know. Nobody on
 * the embedded database: one process owns it (the data-directory lock). On a server, a process
 * that answers reads (`serve`, `all`) holds the sole writer's lease while no other process
 * writes (`SoleWriterLease`), and lets go as soon as one does; a `work` process, which caches
 * nothing and writes rarely, never claims it.
 */
export function processWritersFor(
  db: Database,
  answersReads: boolean,
  logger: Logger,
): ProcessWriters {
  const fixed = (writers: InlineWriters) => ({
    writers,
    start: () => undefined,
    stop: () => Promise.resolve(),
  });
  if (db.kind === 'pglite') return fixed(embeddedWriters);
  if (!answersReads) return fixed(sharedWriters);
  const lease = new SoleWriterLease(db, {
    onChange: (sole, reason) =>
      logger.info(
        { soleWriter: sole, reason },
        sole
          ? 'sole writer of the inline read models: the catalogue read cache serves'
          : 'not the sole writer of the inline read models: the catalogue read cache is off',
      ),
    onError: (error) => logger.warn({ err: error }, 'sole writer lease lost; trying again later'),
  });
  return { writers: lease, start: () => lease.start(), stop: () => lease.close() };
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
