import {
  ApiError,
  EVENT_STREAMS_PER_KEY,
  lastEventIdHeader,
  parseEventTypes,
} from '@brand-api/contracts';
import {
  decodeEventCursor,
  encodeEventCursor,
  eventFeedProjection,
  feedHeadOf,
  feedPositionOf,
  InvalidEventCursorError,
  readEventFeed,
} from '@brand-api/read-models';
import type { FeedPosition } from '@brand-api/read-models';
import { SerializedJson } from '../../http/read-cache';
import type { RouteResponse } from '@brand-api/contracts';
import type { Feature } from '../feature';
import { defaultStreamTiming, openEventStream } from './event-stream';
import type { EventStreamTiming } from './event-stream';
import { StreamSlots, StreamWakeups } from './stream-wakeups';

export interface EventsFeatureOptions {
  timing?: Partial<EventStreamTiming>;
  streamsPerKey?: number;
}

/** A cursor that is not the feed's is the caller's mistake, named on its field. */
function positionOfCursor(cursor: string): FeedPosition {
  try {
    return decodeEventCursor(cursor);
  } catch (error) {
    if (!(error instanceof InvalidEventCursorError)) throw error;
    throw new ApiError('VALIDATION_FAILED', {
      details: [{ location: 'query', field: '/cursor', message: error.message }],
    });
  }
}

/**
 * The events feed (`GET /events`) and its live stream (`GET /events/stream`, Server-Sent
 * Events), both read from the `event-feed` read model: the webhooks' ids and bodies, in log order.
 */
export function createEventsFeature(options: EventsFeatureOptions = {}): Feature {
  const timing = { ...defaultStreamTiming, ...options.timing };
  return {
    name: 'events',
    handlers(services) {
      const slots = new StreamSlots(options.streamsPerKey ?? EVENT_STREAMS_PER_KEY);
      const wakeups = new StreamWakeups(
        services.eventStore,
        services.projections,
        eventFeedProjection.name,
        services.logger,
      );
      return {
        async listEvents(request) {
          const { limit, cursor, types, createdAfter } = request.query;
          const after =
            cursor === undefined ? { commit: '0', prepare: '0' } : positionOfCursor(cursor);
          const { rows, hasMore } = await readEventFeed(services.db, request.auth.brandId, {
            after,
            limit,
            types: types === undefined ? undefined : parseEventTypes(types),
            createdAfter,
          });
          const last = rows.at(-1)?.position ?? after;
          // Each body is the webhook's JSON text as stored: the event is it with its id first.
          const data = rows.map((row) => `{"id":${JSON.stringify(row.id)},${row.body.slice(1)}`);
          return {
            body: new SerializedJson<RouteResponse<'listEvents'>>(
              `{"hasMore":${String(hasMore)},"data":[${data.join(',')}],"nextCursor":${JSON.stringify(encodeEventCursor(last))}}`,
            ),
          };
        },

        async streamEvents(request) {
          const { brandId, apiKeyId } = request.auth;
          const lastEventId = request.ctx.get(lastEventIdHeader);
          let after: FeedPosition;
          if (lastEventId !== '') {
            const found = await feedPositionOf(services.db, brandId, lastEventId);
            if (found === undefined) {
              throw new ApiError('VALIDATION_FAILED', {
                details: [
                  {
                    location: 'header',
                    field: lastEventIdHeader,
                    message: 'is not the id of an event of this brand',
                  },
                ],
              });
            }
            after = found;
          } else if (request.query.cursor !== undefined) {
            after = positionOfCursor(request.query.cursor);
          } else {
            after = await feedHeadOf(services.db, brandId);
          }
          const release = slots.take(apiKeyId);
          if (release === undefined) {
            throw new ApiError('RATE_LIMITED', {
              message: `Too many open event streams: at most ${slots.perKey} per API key`,
              headers: { 'Retry-After': '5' },
            });
          }
          // Headers a proxy reads to pass the stream on as it comes, not buffered or cached.
          request.ctx.req.socket.setNoDelay(true);
          const stream = openEventStream({
            db: services.db,
            brandId,
            types:
              request.query.types === undefined ? undefined : parseEventTypes(request.query.types),
            after,
            wakeups,
            timing,
            logger: services.logger,
            onClose: release,
          });
          request.ctx.req.on('close', () => stream.destroy());
          return {
            body: stream,
            headers: {
              'Content-Type': 'text/event-stream; charset=utf-8',
              'Cache-Control': 'no-cache, no-transform',
              'X-Accel-Buffering': 'no',
            },
          };
        },
      };
    },
  };
}

export const eventsFeature = createEventsFeature();
