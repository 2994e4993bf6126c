import { domainEventSchemas, isDomainEventType } from '@brand-api/contracts';
import { Compile } from 'typebox/compile';
import * as domain from './index';

/**
 * Every decider of the domain: the event store's unit of work appends what they decide, so each
 * event type they can produce must have a schema in contracts (`domainEventSchemas`).
 */
const deciders = {
  apiKeyDecider: domain.apiKeyDecider,
  brandDecider: domain.brandDecider,
  magicLinkDecider: domain.magicLinkDecider,
  memberDecider: domain.memberDecider,
  memberGroupDecider: domain.memberGroupDecider,
  postCommentDecider: domain.postCommentDecider,
  postCommentLikeDecider: domain.postCommentLikeDecider,
  postDecider: domain.postDecider,
  postLikeDecider: domain.postLikeDecider,
  productDecider: domain.productDecider,
  roomDecider: domain.roomDecider,
  uniqueClaimDecider: domain.uniqueClaimDecider,
  variantDecider: domain.variantDecider,
  webhookEndpointDecider: domain.webhookEndpointDecider,
};

/** The events a decider folds: everything it decides, as its unit of work evolves on them. */
type EventsOf<D> = D extends { evolve: (state: never, event: infer E) => unknown } ? E : never;
type ProducedType = {
  [K in keyof typeof deciders]: EventsOf<(typeof deciders)[K]>;
}[keyof typeof deciders]['type'];

/**
 * The event types the deciders produce, spelled out: the type checker refuses this object
 * when a decider gains an event type not listed here (or one listed is no longer produced).
 */
const producedTypes: Record<ProducedType, true> = {
  ApiKeyIssued: true,
  ApiKeyRevoked: true,
  BrandCreated: true,
  BrandUpdated: true,
  ClaimReservationCancelled: true,
  CustomAuthSubClaimed: true,
  MagicLinkIssued: true,
  MagicLinkRedeemed: true,
  MemberBanned: true,
  MemberEmailClaimed: true,
  MemberEmailUnverified: true,
  MemberEmailVerified: true,
  MemberGroupCreated: true,
  MemberGroupDeleted: true,
  MemberGroupUpdated: true,
  MemberGroupsReplaced: true,
  MemberJoined: true,
  MemberProfileUpdated: true,
  MemberRoleChanged: true,
  MemberUnbanned: true,
  PostCommentCreated: true,
  PostCommentLiked: true,
  PostCreated: true,
  PostLiked: true,
  PostPinned: true,
  PostUnpinned: true,
  ProductCreated: true,
  ProductDeleted: true,
  ProductUpdated: true,
  RoomCreated: true,
  StoreIdClaimed: true,
  StoreIdReleased: true,
  UsernameClaimed: true,
  VariantCreated: true,
  VariantDeleted: true,
  VariantUpdated: true,
  WebhookEndpointDisabled: true,
  WebhookEndpointEnabled: true,
  WebhookEndpointRegistered: true,
  WebhookEndpointSecretRotated: true,
  WebhookEndpointUpdated: true,
};

describe('the events the domain produces', () => {
  it('come from the deciders listed here: every decider the package exports', () => {
    const exported = Object.keys(domain).filter((name) => name.endsWith('Decider'));
    expect(exported.sort()).toEqual(Object.keys(deciders).sort());
  });

  it.each(Object.keys(producedTypes).map((type) => [type]))(
    '%s has a schema in contracts',
    (type) => {
      expect(isDomainEventType(type)).toBe(true);
      const schema = domainEventSchemas[type as keyof typeof domainEventSchemas];
      expect(schema.properties.type.const).toBe(type);
      expect(() => Compile(schema)).not.toThrow();
    },
  );

  it('a cancelled reservation gives its holder back, by id', () => {
    const check = Compile(domainEventSchemas.ClaimReservationCancelled);
    const holder = '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b';
    expect(check.Check(domain.reservationCancelled(holder))).toBe(true);
    expect(check.Check(domain.reservationCancelled('not-a-uuid'))).toBe(false);
  });
});
