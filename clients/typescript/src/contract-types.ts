/**
 * Every type the client takes or answers, derived from the contracts' TypeBox schemas and route
 * table (`Static<typeof …>`), so the client cannot drift from the server: a changed schema changes
 * these types and fails the client's type-check.
 *
 * Type-only: nothing here exists at run time. The package build (scripts/finish-build.cjs)
 * replaces this file's declaration output with the same types written out in full, so the
 * published client needs neither `@brand-api/contracts` nor `typebox`.
 */
import type * as Contracts from '@brand-api/contracts';

export type OperationId = Contracts.OperationId;

/** Path parameters, query, body and answer of each operation of the route table. */
export type Operations = {
  [Op in Contracts.OperationId]: {
    params: Contracts.RouteParams<Op>;
    query: Contracts.RouteQuery<Op>;
    body: Contracts.RouteBody<Op>;
    response: Contracts.RouteResponse<Op>;
  };
};

export type BrandProduct = Contracts.BrandProduct;
export type BrandProductVariant = Contracts.BrandProductVariant;
export type Member = Contracts.Member;
export type MemberRole = Contracts.MemberRole;
export type MemberGroup = Contracts.MemberGroup;
export type BrandMemberBadge = Contracts.BrandMemberBadge;
export type Post = Contracts.Post;
export type PostType = Contracts.PostType;
export type UserReference = Contracts.UserReference;
export type MagicLinkResponse = Contracts.MagicLinkResponse;

export type ErrorBody = Contracts.ErrorBody;
export type ErrorCode = Contracts.ErrorCode;
export type ErrorDetail = Contracts.ErrorDetail;

export type WebhookEventType = Contracts.WebhookEventType;
/** The body of every webhook delivery, one member per event type. */
export type WebhookEvent = Contracts.WebhookEvent;
export type UserJoinedWebhook = Contracts.UserJoinedWebhook;
export type PostCreatedWebhook = Contracts.PostCreatedWebhook;
export type PostLikedWebhook = Contracts.PostLikedWebhook;
export type PostCommentCreatedWebhook = Contracts.PostCommentCreatedWebhook;
export type PostCommentLikedWebhook = Contracts.PostCommentLikedWebhook;

/**
 * An event of the feed and the stream: a webhook body with its id (the `webhook-id`). Written as
 * the webhook union with the id so that `event.type` narrows `event.data`.
 */
export type FeedEvent = Contracts.WebhookEvent & { id: Contracts.FeedEvent['id'] };
