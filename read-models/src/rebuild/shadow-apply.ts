import { ProjectionApplyError } from '@brand-api/event-store';
import type { DatabaseKind, Projection, Queryable, RecordedEvent } from '@brand-api/event-store';
import { BatchFlushError, StatementBatch } from './statement-batch';

/**
 * Applies events to the shadow tables in the caller's transaction, whose search path already
 * puts the shadow schema first. `batched` sends statements many per round trip (servers);
 * otherwise each runs on its own, so a failure names its event precisely.
 */
export async function applyEvents(
  tx: Queryable,
  projection: Projection,
  events: readonly RecordedEvent[],
  kind: DatabaseKind,
  batched: boolean,
): Promise<void> {
  const handled = new Set(projection.handles);
  const batch = new StatementBatch(tx, batched ? kind : 'pglite');
  for (const event of events) {
    if (!handled.has(event.type)) continue;
    try {
      await batch.add(await projection.apply(event, batch.tx));
    } catch (error) {
      if (error instanceof BatchFlushError) throw error;
      throw new ProjectionApplyError(projection.name, event, error);
    }
  }
  await batch.finish();
}
