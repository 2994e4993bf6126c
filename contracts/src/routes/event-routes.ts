import {
  EVENT_STREAM_HEARTBEAT_SECONDS,
  EVENT_STREAMS_PER_KEY,
  EventPage,
  ListEventsQuery,
  StreamEventsQuery,
} from '../events-feed/requests';
import { WebhookEvent } from '../webhooks/webhook-envelope';
import { defineRoute } from './route-definition';
import { routeErrors } from './route-errors';

export const eventRoutes = {
  listEvents: defineRoute({
    operationId: 'listEvents',
    method: 'get',
    path: '/events',
    summary: 'List events',
    description:
      'The brand’s events from the beginning of its history, oldest first: the five webhook event types, each with the body of its webhook and the same id as its `webhook-id`, whether or not the brand has a webhook endpoint. Use it to reconcile after missed webhooks: keep the `nextCursor` of your last page and call again with it to get what happened since. An event is listed once the writes that began before it have ended (milliseconds), so that a cursor never passes an event committed after it. Filter by `types` and `createdAfter`.',
    tag: 'Events',
    scope: 'events:read',
    query: ListEventsQuery,
    successStatus: 200,
    response: EventPage,
    errors: routeErrors({ validated: true }),
  }),
  streamEvents: defineRoute({
    operationId: 'streamEvents',
    method: 'get',
    path: '/events/stream',
    summary: 'Stream events',
    description: `The brand’s events live, as Server-Sent Events (\`text/event-stream\`): each has \`id:\` its id (the \`webhook-id\`), \`event:\` its type and \`data:\` the JSON body of its webhook. Reconnect with \`Last-Event-ID\` (browsers' EventSource sends it) or a feed \`cursor\` to go on where you stopped: nothing is lost and nothing repeated. With neither, the stream starts with the events written after it opened. An idle stream gets a \`: ping\` comment every ${EVENT_STREAM_HEARTBEAT_SECONDS} seconds. At most ${EVENT_STREAMS_PER_KEY} streams per API key are open at once: one more answers 429 \`RATE_LIMITED\`.`,
    tag: 'Events',
    scope: 'events:read',
    query: StreamEventsQuery,
    successStatus: 200,
    response: WebhookEvent,
    eventStream: true,
    errors: routeErrors({ validated: true, rateLimited: true }),
  }),
} as const;
