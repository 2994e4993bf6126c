import { Type, type Static } from 'typebox';
import { attachExample, DateTime, exampleOf } from '../primitives';
import { Cursor, Limit } from '../requests/common';
import { EventTypesFilter, FeedEvent } from './feed-event';

/** The header an EventSource sends when it reconnects: the `id:` of the last event it received. */
export const lastEventIdHeader = 'Last-Event-ID';

/** Open event streams allowed per API key; one more answers 429 `RATE_LIMITED`. */
export const EVENT_STREAMS_PER_KEY = 5;

/** Seconds between two `: ping` comments on an idle event stream. */
export const EVENT_STREAM_HEARTBEAT_SECONDS = 15;

export const ListEventsQuery = Type.Object(
  {
    limit: Limit(),
    cursor: Type.Optional(
      Cursor(
        'Where to go on from: the `nextCursor` of the previous page. Absent: the brand’s first event.',
      ),
    ),
    types: Type.Optional(EventTypesFilter()),
    createdAfter: Type.Optional(
      DateTime({
        description: 'Only events that happened strictly after this instant.',
        examples: ['2025-03-01T00:00:00Z'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListEventsQuery = Static<typeof ListEventsQuery>;

export const StreamEventsQuery = Type.Object(
  {
    cursor: Type.Optional(
      Cursor(
        'Start after this position: a `nextCursor` of `GET /events`. The `Last-Event-ID` header, when sent, wins over it. With neither, the stream starts with the events written after it opened.',
      ),
    ),
    types: Type.Optional(EventTypesFilter()),
  },
  { additionalProperties: false },
);
export type StreamEventsQuery = Static<typeof StreamEventsQuery>;

/** A page of the feed: unlike other lists, `nextCursor` is never null (see its description). */
export const EventPage = attachExample(
  Type.Object(
    {
      hasMore: Type.Boolean({ description: 'True when another page follows now.' }),
      data: Type.Array(FeedEvent),
      nextCursor: Type.String({
        description:
          'Pass as `cursor` to get the next page, also on the last page: a later call with it returns the events written since (or open `GET /events/stream` with it).',
      }),
    },
    {
      $id: 'EventPage',
      title: 'EventPage',
      description: 'A page of the brand’s events, oldest first, in the order they were written.',
      additionalProperties: false,
    },
  ),
  { hasMore: true, data: [exampleOf(FeedEvent)], nextCursor: 'ZXZlbnRzfDEyMzR8NTY3OA' },
);
export type EventPage = Static<typeof EventPage>;
