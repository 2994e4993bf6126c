/**
 * The body of every webhook delivery: `{ type, timestamp, data }` (Standard Webhooks).
 * Headers `webhook-id`, `webhook-timestamp` and `webhook-signature` are described in the
 * OpenAPI `webhooks` section and the webhooks guide.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { DateTime, exampled, exampleOf } from '../primitives';
import {
  PostCommentCreatedData,
  PostCommentLikedData,
  PostCreatedData,
  PostLikedData,
  UserJoinedData,
} from './webhook-data';
import { webhookExampleData } from './webhook-example-data';

export const webhookEventTypes = [
  'user.joined',
  'post.created',
  'post.liked',
  'post_comment.created',
  'post_comment.liked',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const WebhookEventTypeSchema = Type.Enum(webhookEventTypes, {
  $id: 'WebhookEventType',
  title: 'Webhook event type',
});

const EXAMPLE_TIMESTAMP = '2025-03-02T18:30:01.250Z';

function envelope<EventType extends WebhookEventType, Data extends TSchema>(
  type: EventType,
  data: Data,
  id: string,
  summary: string,
) {
  return Type.Object(
    {
      type: Type.Literal(type),
      timestamp: DateTime({ description: 'When the event happened.' }),
      data,
    },
    { $id: id, title: `${type} webhook`, description: summary, additionalProperties: false },
  );
}

export const UserJoinedWebhook = exampled(
  envelope('user.joined', UserJoinedData, 'UserJoinedWebhook', 'A member joined the community.'),
  { type: 'user.joined', timestamp: EXAMPLE_TIMESTAMP, data: webhookExampleData['user.joined'] },
);
export type UserJoinedWebhook = Static<typeof UserJoinedWebhook>;

export const PostCreatedWebhook = exampled(
  envelope('post.created', PostCreatedData, 'PostCreatedWebhook', 'A member published a post.'),
  { type: 'post.created', timestamp: EXAMPLE_TIMESTAMP, data: webhookExampleData['post.created'] },
);
export type PostCreatedWebhook = Static<typeof PostCreatedWebhook>;

export const PostLikedWebhook = exampled(
  envelope('post.liked', PostLikedData, 'PostLikedWebhook', 'A member liked a post.'),
  { type: 'post.liked', timestamp: EXAMPLE_TIMESTAMP, data: webhookExampleData['post.liked'] },
);
export type PostLikedWebhook = Static<typeof PostLikedWebhook>;

export const PostCommentCreatedWebhook = exampled(
  envelope(
    'post_comment.created',
    PostCommentCreatedData,
    'PostCommentCreatedWebhook',
    'A member commented on a post.',
  ),
  {
    type: 'post_comment.created',
    timestamp: EXAMPLE_TIMESTAMP,
    data: webhookExampleData['post_comment.created'],
  },
);
export type PostCommentCreatedWebhook = Static<typeof PostCommentCreatedWebhook>;

export const PostCommentLikedWebhook = exampled(
  envelope(
    'post_comment.liked',
    PostCommentLikedData,
    'PostCommentLikedWebhook',
    'A member liked a comment.',
  ),
  {
    type: 'post_comment.liked',
    timestamp: EXAMPLE_TIMESTAMP,
    data: webhookExampleData['post_comment.liked'],
  },
);
export type PostCommentLikedWebhook = Static<typeof PostCommentLikedWebhook>;

/** Envelope schema per event type: the webhook projector validates what it enqueues with it. */
export const webhookSchemas = {
  'user.joined': UserJoinedWebhook,
  'post.created': PostCreatedWebhook,
  'post.liked': PostLikedWebhook,
  'post_comment.created': PostCommentCreatedWebhook,
  'post_comment.liked': PostCommentLikedWebhook,
} as const satisfies Record<WebhookEventType, TSchema>;

export const WebhookEvent = exampled(
  Type.Union(
    [
      UserJoinedWebhook,
      PostCreatedWebhook,
      PostLikedWebhook,
      PostCommentCreatedWebhook,
      PostCommentLikedWebhook,
    ],
    { $id: 'WebhookEvent', title: 'Webhook event' },
  ),
  exampleOf(UserJoinedWebhook),
);
export type WebhookEvent = Static<typeof WebhookEvent>;

export type WebhookDataOf<T extends WebhookEventType> = Static<(typeof webhookSchemas)[T]>['data'];

/** One example envelope per event type, for the webhooks guide. */
export const webhookExamples: {
  readonly [T in WebhookEventType]: Static<(typeof webhookSchemas)[T]>;
} = {
  'user.joined': exampleOf(UserJoinedWebhook),
  'post.created': exampleOf(PostCreatedWebhook),
  'post.liked': exampleOf(PostLikedWebhook),
  'post_comment.created': exampleOf(PostCommentCreatedWebhook),
  'post_comment.liked': exampleOf(PostCommentLikedWebhook),
};
