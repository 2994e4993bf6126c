/** The data of each webhook event type, as delivered to a brand's endpoint. */
import { Type, type Static, type TProperties, type TSchema } from 'typebox';
import { UserReference } from '../entities/user-reference';
import { Email, Nullable, PhoneNumber, Uuid } from '../primitives';

/** Comment text in `post_comment.created` is cut to this many characters (an ellipsis marks a cut). */
export const PLAIN_TEXT_CONTENT_MAX_LENGTH = 500;

/** The data of a webhook event type, named after it: `UserJoinedData`, titled `user.joined data`. */
function webhookData<const Properties extends TProperties>(
  type: WebhookEventType,
  properties: Properties,
) {
  return Type.Object(properties, {
    $id: `${eventTypeName(type)}Data`,
    title: `${type} data`,
    additionalProperties: false,
  });
}

export const UserJoinedData = webhookData('user.joined', {
  userId: Uuid(),
  email: Email(),
  phoneNumber: Nullable(PhoneNumber()),
  user: UserReference,
});
export type UserJoinedData = Static<typeof UserJoinedData>;

export const PostCreatedData = webhookData('post.created', {
  postId: Uuid(),
  userId: Uuid({ description: 'The author.' }),
  user: UserReference,
  title: Type.String(),
});
export type PostCreatedData = Static<typeof PostCreatedData>;

export const PostLikedData = webhookData('post.liked', {
  postId: Uuid(),
  userId: Uuid({ description: 'The member who liked the post.' }),
  user: UserReference,
});
export type PostLikedData = Static<typeof PostLikedData>;

/** The comment a `post_comment.*` event is about, and its post. */
const commentFields = { postId: Uuid(), postTitle: Type.String(), postCommentId: Uuid() };

export const PostCommentCreatedData = webhookData('post_comment.created', {
  ...commentFields,
  plainTextContent: Type.String({
    maxLength: PLAIN_TEXT_CONTENT_MAX_LENGTH,
    description: `The comment as plain text, truncated to ${PLAIN_TEXT_CONTENT_MAX_LENGTH} characters.`,
  }),
  userId: Uuid({ description: 'The author of the comment.' }),
  user: UserReference,
});
export type PostCommentCreatedData = Static<typeof PostCommentCreatedData>;

export const PostCommentLikedData = webhookData('post_comment.liked', {
  ...commentFields,
  userId: Uuid({ description: 'The member who liked the comment.' }),
  user: UserReference,
});
export type PostCommentLikedData = Static<typeof PostCommentLikedData>;

export const webhookEventTypes = [
  'user.joined',
  'post.created',
  'post.liked',
  'post_comment.created',
  'post_comment.liked',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/**
 * Each event type's data and what its webhook says happened: the one list the envelopes, the
 * events of the feed and their examples are made from.
 */
export const webhookEventData = {
  'user.joined': { data: UserJoinedData, summary: 'A member joined the community.' },
  'post.created': { data: PostCreatedData, summary: 'A member published a post.' },
  'post.liked': { data: PostLikedData, summary: 'A member liked a post.' },
  'post_comment.created': {
    data: PostCommentCreatedData,
    summary: 'A member commented on a post.',
  },
  'post_comment.liked': { data: PostCommentLikedData, summary: 'A member liked a comment.' },
} as const satisfies Record<WebhookEventType, { data: TSchema; summary: string }>;

export type WebhookDataOf<T extends WebhookEventType> = Static<
  (typeof webhookEventData)[T]['data']
>;

/** `UserJoined` for `user.joined`: the stem of the schema names of an event type. */
export function eventTypeName(type: WebhookEventType): string {
  return type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}
