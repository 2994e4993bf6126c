import { applyEachStatement } from '@brand-api/event-store';
import type { ApplyEvents, DatabaseKind } from '@brand-api/event-store';
import { applyEvents } from './rebuild/shadow-apply';
import { BatchFlushError } from './rebuild/statement-batch';

/**
 * How the live projection runner applies a batch of events to the read tables: on a Postgres
 * server through the same StatementBatch as a rebuild (hundreds of statements per round trip,
 * runs of one INSERT … DO NOTHING as one multi-row INSERT; see statement-batch.ts), so a burst
 * of bulk writes becomes visible in a few round trips instead of one per statement. If a sent
 * script fails, the batch is rolled back to a savepoint and replayed statement by statement,
 * which names the failing event exactly as the one-statement-at-a-time runner would.
 *
 * PGlite runs in process: there is no round trip to save, so it keeps one statement per query.
 */
export function liveApplier(kind: DatabaseKind): ApplyEvents {
  if (kind !== 'postgres') return applyEachStatement;
  return async (tx, projection, events) => {
    await tx.query('SAVEPOINT live_batch');
    try {
      await applyEvents(tx, projection, events, kind, true);
    } catch (error) {
      if (!(error instanceof BatchFlushError)) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT live_batch');
      await applyEachStatement(tx, projection, events);
      return;
    }
    await tx.query('RELEASE SAVEPOINT live_batch');
  };
}
