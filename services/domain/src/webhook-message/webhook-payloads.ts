import type {
  DomainEventOf,
  UserReference,
  WebhookDataOf,
  WebhookEventType,
} from '@brand-api/contracts';
import { plainTextContent } from './plain-text';

/** The domain events that become webhooks, and the webhook type each becomes. */
export const webhookSourceEvents = {
  MemberJoined: 'user.joined',
  PostCreated: 'post.created',
  PostLiked: 'post.liked',
  PostCommentCreated: 'post_comment.created',
  PostCommentLiked: 'post_comment.liked',
} as const satisfies Record<string, WebhookEventType>;

export type WebhookSourceEventType = keyof typeof webhookSourceEvents;

export type WebhookPayload = {
  [T in WebhookEventType]: { type: T; data: WebhookDataOf<T> };
}[WebhookEventType];

type SourceEvent = DomainEventOf<WebhookSourceEventType>;

export function isWebhookSourceEvent(type: string): type is WebhookSourceEventType {
  return Object.hasOwn(webhookSourceEvents, type);
}

/**
 * The webhook a domain event becomes. `user` is the member as the event recorded them (the
 * events carry it), so a replay months later sends what was true at the time.
 */
export function webhookPayloadOf(event: SourceEvent): WebhookPayload {
  switch (event.type) {
    case 'MemberJoined': {
      const { memberId, email, phoneNumber, customAuthSub } = event.data;
      const user: UserReference = { id: memberId, customAuthSub, email };
      return { type: 'user.joined', data: { userId: memberId, email, phoneNumber, user } };
    }
    case 'PostCreated': {
      const { postId, memberId, member, title } = event.data;
      return { type: 'post.created', data: { postId, userId: memberId, user: member, title } };
    }
    case 'PostLiked': {
      const { postId, memberId, member } = event.data;
      return { type: 'post.liked', data: { postId, userId: memberId, user: member } };
    }
    case 'PostCommentCreated': {
      const { postId, postTitle, postCommentId, memberId, member, contentHtml } = event.data;
      return {
        type: 'post_comment.created',
        data: {
          postId,
          postTitle,
          postCommentId,
          plainTextContent: plainTextContent(contentHtml),
          userId: memberId,
          user: member,
        },
      };
    }
    case 'PostCommentLiked': {
      const { postId, postTitle, postCommentId, memberId, member } = event.data;
      return {
        type: 'post_comment.liked',
        data: { postId, postTitle, postCommentId, userId: memberId, user: member },
      };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The body of the webhook a domain event becomes, as delivered: `{ type, timestamp, data }`. */
export type WebhookEnvelope = WebhookPayload & { timestamp: string };

/**
 * The webhook envelope of a source event that happened at `timestamp` (its `occurredAt`). The
 * webhook projector sends `JSON.stringify` of it and the events feed serves the same text, so a
 * brand sees one body for one event, byte for byte, wherever it reads it.
 */
export function webhookEnvelopeOf(event: SourceEvent, timestamp: string): WebhookEnvelope {
  const payload = webhookPayloadOf(event);
  return { type: payload.type, timestamp, data: payload.data } as WebhookEnvelope;
}
