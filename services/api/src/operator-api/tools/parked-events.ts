import { ApiError } from '@brand-api/contracts';
import type { ParkedActionResult, ParkedEventView } from '@brand-api/contracts';
import type { ParkedEvent, ParkedStatus, Queryable } from '@brand-api/event-store';
import { listParked } from '@brand-api/event-store';
import type { ProjectionWaiter } from '@brand-api/event-store';

/** A parked event as operators see it: positions as the global position they know from exports. */
export function parkedEventView(parked: ParkedEvent): ParkedEventView {
  return {
    projection: parked.projection,
    position: parked.position.prepare,
    commit: parked.position.commit,
    eventId: parked.eventId,
    eventType: parked.eventType,
    streamName: parked.streamName,
    streamVersion: parked.streamVersion,
    error: parked.error,
    attempts: parked.attempts,
    firstSeenAt: parked.firstSeenAt.toISOString(),
    lastSeenAt: parked.lastSeenAt.toISOString(),
    status: parked.status,
    resolvedAt: parked.resolvedAt?.toISOString() ?? null,
  };
}

export function listParkedEvents(
  db: Queryable,
  filter: { projection?: string | undefined; status?: ParkedStatus | undefined },
) {
  return listParked(db, {
    ...(filter.projection === undefined ? {} : { projections: [filter.projection] }),
    ...(filter.status === undefined ? {} : { status: filter.status }),
  }).then((rows) => rows.map(parkedEventView));
}

/**
 * Retries or skips the event parked at a global position, for one projection or for every
 * projection that parked it. 404 when no projection has it parked (or skipped, for a retry).
 */
export async function resolveParkedEvent(
  db: Queryable,
  runner: ProjectionWaiter,
  position: number,
  projection: string | undefined,
  action: 'retry' | 'skip',
): Promise<ParkedActionResult[]> {
  const open = (
    await listParked(db, {
      prepare: position,
      ...(projection === undefined ? {} : { projections: [projection] }),
    })
  ).filter((row) => row.status === 'parked' || (action === 'retry' && row.status === 'skipped'));
  if (open.length === 0) {
    throw new ApiError('NOT_FOUND', {
      message: `No event is parked at position ${position}${projection ? ` by ${projection}` : ''}`,
    });
  }
  const results: ParkedActionResult[] = [];
  for (const row of open) {
    const outcome =
      action === 'retry'
        ? await runner.retryParked(row.projection, row.position)
        : await runner.skipParked(row.projection, row.position);
    results.push({ projection: row.projection, position, ...outcome });
  }
  return results;
}
