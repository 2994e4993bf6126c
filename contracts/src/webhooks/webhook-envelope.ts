/**
 * The body of every webhook delivery: `{ type, timestamp, data }` (Standard Webhooks).
 * Headers `webhook-id`, `webhook-timestamp` and `webhook-signature` are described in the
 * OpenAPI `webhooks` section and the webhooks guide.
 */
import {
  Type,
  type Static,
  type TLiteral,
  type TObject,
  type TSchema,
  type TSchemaOptions,
  type TString,
  type TUnion,
} from 'typebox';
import { attachExample, DateTime, exampleOf } from '../primitives';
import {
  eventTypeName,
  webhookEventData,
  webhookEventTypes,
  type WebhookEventType,
} from './webhook-data';
import { webhookExampleData } from './webhook-example-data';

export const WebhookEventTypeSchema = Type.Enum(webhookEventTypes, {
  $id: 'WebhookEventType',
  title: 'Webhook event type',
});

const EXAMPLE_TIMESTAMP = '2025-03-02T18:30:01.250Z';

/** The envelope schema of event type `T`. */
export type EnvelopeSchema<T extends WebhookEventType> = TObject<{
  type: TLiteral<T>;
  timestamp: TString;
  data: (typeof webhookEventData)[T]['data'];
}>;

/** The envelope of one event type (`UserJoinedWebhook`), its example that type's example data. */
function envelope<T extends WebhookEventType>(type: T): EnvelopeSchema<T> {
  const { data, summary } = webhookEventData[type];
  const schema = Type.Object(
    {
      type: Type.Literal(type),
      timestamp: DateTime({ description: 'When the event happened.' }),
      data,
    },
    {
      $id: `${eventTypeName(type)}Webhook`,
      title: `${type} webhook`,
      description: summary,
      additionalProperties: false,
    },
  );
  // The example data is typed per event type (webhook-example-data.ts); the tests check the rest.
  return attachExample(schema, {
    type,
    timestamp: EXAMPLE_TIMESTAMP,
    data: webhookExampleData[type],
  });
}

type SchemaPerEventType = { [T in WebhookEventType]: TSchema };

/** A schema per event type, made by `schemaOf`, in `webhookEventTypes` order. */
export function byEventType<Schemas extends SchemaPerEventType>(
  schemaOf: (type: WebhookEventType) => TSchema,
): Schemas {
  return Object.fromEntries(webhookEventTypes.map((type) => [type, schemaOf(type)])) as Schemas;
}

/** The schemas of `Schemas` as a tuple in the order of `Types`. */
type InOrder<
  Types extends readonly unknown[],
  Schemas extends SchemaPerEventType,
> = Types extends readonly [infer First extends WebhookEventType, ...infer Rest]
  ? [Schemas[First], ...InOrder<Rest, Schemas>]
  : [];

/**
 * The union of a schema per event type, in `webhookEventTypes` order, with the first type's
 * example: the webhook bodies here, the events of the feed (`FeedEvent`) beside them.
 */
export function unionOfEventTypes<Schemas extends SchemaPerEventType>(
  schemas: Schemas,
  options: TSchemaOptions,
): TUnion<Extract<InOrder<typeof webhookEventTypes, Schemas>, TSchema[]>> {
  const members = webhookEventTypes.map((type) => schemas[type]);
  return attachExample(
    Type.Union(members, options),
    exampleOf(schemas[webhookEventTypes[0]]),
  ) as TUnion<Extract<InOrder<typeof webhookEventTypes, Schemas>, TSchema[]>>;
}

/** Envelope schema per event type: the webhook projector validates what it enqueues with it. */
export const webhookSchemas = byEventType<{ [T in WebhookEventType]: EnvelopeSchema<T> }>(envelope);

export type UserJoinedWebhook = Static<(typeof webhookSchemas)['user.joined']>;
export type PostCreatedWebhook = Static<(typeof webhookSchemas)['post.created']>;
export type PostLikedWebhook = Static<(typeof webhookSchemas)['post.liked']>;
export type PostCommentCreatedWebhook = Static<(typeof webhookSchemas)['post_comment.created']>;
export type PostCommentLikedWebhook = Static<(typeof webhookSchemas)['post_comment.liked']>;

export const WebhookEvent = unionOfEventTypes(webhookSchemas, {
  $id: 'WebhookEvent',
  title: 'Webhook event',
});
export type WebhookEvent = Static<typeof WebhookEvent>;

/** One example envelope per event type, for the webhooks guide. */
export const webhookExamples = Object.fromEntries(
  webhookEventTypes.map((type) => [type, exampleOf(webhookSchemas[type])]),
) as { readonly [T in WebhookEventType]: Static<(typeof webhookSchemas)[T]> };
