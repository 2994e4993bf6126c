import type { ParkedEvent, Projection } from '@brand-api/event-store';
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
