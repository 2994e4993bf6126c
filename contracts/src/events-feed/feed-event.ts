/**
 * An event of the brand's feed (`GET /events`, `GET /events/stream`): the webhook it becomes,
 * `{ type, timestamp, data }` as delivered, with its `id`, the `webhook-id` of that delivery.
 * A receiver that stores webhooks by `webhook-id` stores these under the same key.
 */
import { Type, type Static, type TObject, type TString } from 'typebox';
import { attachExample, exampleOf, WEBHOOK_MESSAGE_ID_PATTERN } from '../primitives';
import {
  byEventType,
  type EnvelopeSchema,
  eventTypeName,
  unionOfEventTypes,
  webhookEventTypes,
  webhookSchemas,
  type WebhookEventType,
} from '../webhooks';

/** `msg_` and 27 base64url characters, as the webhook projector derives it from the event id. */
export const EventId = (
  description = 'The event’s id: the `webhook-id` of its webhook delivery.',
) =>
  Type.String({
    pattern: WEBHOOK_MESSAGE_ID_PATTERN,
    description,
    examples: ['msg_2Kq8c7Q1mW3xV9bN0pL5tY4rZ6a'],
  });

const EXAMPLE_ID = 'msg_2Kq8c7Q1mW3xV9bN0pL5tY4rZ6a';

/** The feed's event schema of type `T`: its webhook's body, and the webhook's id. */
export type FeedEventSchema<T extends WebhookEventType> = TObject<
  { id: TString } & EnvelopeSchema<T>['properties']
>;

/** The feed's event of one type (`UserJoinedEvent`). */
function feedEvent<T extends WebhookEventType>(type: T): FeedEventSchema<T> {
  const webhook = webhookSchemas[type];
  const schema = Type.Object(
    {
      id: EventId(),
      type: webhook.properties.type,
      timestamp: webhook.properties.timestamp,
      data: webhook.properties.data,
    },
    {
      $id: `${eventTypeName(type)}Event`,
      title: `${type} event`,
      description: `${(webhook as { description?: string }).description ?? ''} The body of its webhook, with the webhook’s id.`,
      additionalProperties: false,
    },
  );
  return attachExample(schema, { id: EXAMPLE_ID, ...exampleOf(webhook) });
}

export const feedEventSchemas =
  byEventType<{ [T in WebhookEventType]: FeedEventSchema<T> }>(feedEvent);

export const FeedEvent = unionOfEventTypes(feedEventSchemas, {
  $id: 'Event',
  title: 'Event',
  description:
    'Something that happened in the brand’s community: one of the five webhook event types, with the body its webhook delivers and the same id.',
});
export type FeedEvent = Static<typeof FeedEvent>;

/** The `types` filter: event types separated by commas, e.g. `user.joined,post.created`. */
const typeName = `(?:${webhookEventTypes.map((type) => type.replace('.', '\\.')).join('|')})`;
export const EventTypesFilter = () =>
  Type.String({
    pattern: `^${typeName}(?:,${typeName})*$`,
    maxLength: 200,
    description: `Only events of these types, separated by commas: ${webhookEventTypes.map((type) => `\`${type}\``).join(', ')}.`,
    examples: ['user.joined,post.created'],
  });

/** The event types a `types` filter names (it has passed `EventTypesFilter`). */
export function parseEventTypes(filter: string): WebhookEventType[] {
  return [...new Set(filter.split(','))] as WebhookEventType[];
}
