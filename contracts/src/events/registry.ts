import type { Static, TSchema } from 'typebox';
import { ApiKeyIssued, ApiKeyRevoked } from './api-key';
import { BrandCreated, BrandUpdated } from './brand';
import { ClaimReservationCancelled } from './claim-reservation';
import { MagicLinkIssued, MagicLinkRedeemed } from './magic-link';
import {
  MemberBanned,
  MemberEmailUnverified,
  MemberEmailVerified,
  MemberGroupsReplaced,
  MemberJoined,
  MemberProfileUpdated,
  MemberRoleChanged,
  MemberUnbanned,
} from './member';
import { CustomAuthSubClaimed, MemberEmailClaimed, UsernameClaimed } from './member-claim';
import { MemberGroupCreated, MemberGroupDeleted, MemberGroupUpdated } from './member-group';
import { PostCreated, PostLiked, PostPinned, PostUnpinned } from './post';
import { PostCommentCreated, PostCommentLiked } from './post-comment';
import { ProductCreated, ProductDeleted, ProductUpdated } from './product';
import { RoomCreated } from './room';
import { StoreIdClaimed, StoreIdReleased } from './store-id-claim';
import { VariantCreated, VariantDeleted, VariantUpdated } from './variant';
import {
  WebhookEndpointDisabled,
  WebhookEndpointEnabled,
  WebhookEndpointRegistered,
  WebhookEndpointSecretRotated,
  WebhookEndpointUpdated,
} from './webhook-endpoint';

/** Every domain event type the deciders can append, with its current schema. */
export const domainEventSchemas = {
  BrandCreated,
  BrandUpdated,
  ApiKeyIssued,
  ApiKeyRevoked,
  ProductCreated,
  ProductUpdated,
  ProductDeleted,
  VariantCreated,
  VariantUpdated,
  VariantDeleted,
  StoreIdClaimed,
  StoreIdReleased,
  ClaimReservationCancelled,
  MemberJoined,
  MemberProfileUpdated,
  MemberBanned,
  MemberUnbanned,
  MemberEmailVerified,
  MemberEmailUnverified,
  MemberGroupsReplaced,
  MemberRoleChanged,
  CustomAuthSubClaimed,
  UsernameClaimed,
  MemberEmailClaimed,
  MemberGroupCreated,
  MemberGroupUpdated,
  MemberGroupDeleted,
  RoomCreated,
  PostCreated,
  PostPinned,
  PostUnpinned,
  PostLiked,
  PostCommentCreated,
  PostCommentLiked,
  MagicLinkIssued,
  MagicLinkRedeemed,
  WebhookEndpointRegistered,
  WebhookEndpointUpdated,
  WebhookEndpointSecretRotated,
  WebhookEndpointDisabled,
  WebhookEndpointEnabled,
} as const satisfies Record<string, TSchema>;

export type DomainEventType = keyof typeof domainEventSchemas;

/** `{ type, schemaVersion, data }` of any domain event, discriminated by `type`. */
export type DomainEvent = {
  [T in DomainEventType]: Static<(typeof domainEventSchemas)[T]>;
}[DomainEventType];

export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

export const domainEventTypes = Object.keys(domainEventSchemas) as DomainEventType[];

export function isDomainEventType(value: unknown): value is DomainEventType {
  return typeof value === 'string' && Object.hasOwn(domainEventSchemas, value);
}
