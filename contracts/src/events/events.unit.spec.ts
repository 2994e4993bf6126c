import { Compile } from 'typebox/compile';
import { EventMetadata } from './metadata';
import { domainEventSchemas, domainEventTypes, isDomainEventType } from './registry';

const id = '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b';
const at = '2025-03-01T10:15:00.000Z';
const check = (type: keyof typeof domainEventSchemas, data: unknown) =>
  Compile(domainEventSchemas[type]).Check({ type, schemaVersion: 1, data });

describe('domain event registry', () => {
  it.each(domainEventTypes.map((t) => [t]))(
    '%s is past tense, versioned and keyed by its type',
    (type) => {
      const schema = domainEventSchemas[type];
      expect(type).toMatch(/^[A-Z][A-Za-z]+ed$/);
      expect(schema.properties.type.const).toBe(type);
      expect(schema.properties.schemaVersion.const).toBe(1);
      expect((schema as { $id?: string }).$id).toBe(`${type}.v1`);
      expect(() => Compile(schema)).not.toThrow();
    },
  );

  it('covers every aggregate the platform has', () => {
    expect(domainEventTypes).toEqual(
      expect.arrayContaining([
        'BrandCreated',
        'ApiKeyIssued',
        'ProductCreated',
        'VariantCreated',
        'StoreIdClaimed',
        'MemberJoined',
        'CustomAuthSubClaimed',
        'MemberGroupCreated',
        'RoomCreated',
        'PostCreated',
        'PostCommentCreated',
        'MagicLinkIssued',
        'WebhookEndpointRegistered',
      ]),
    );
    expect(isDomainEventType('ProductCreated')).toBe(true);
    expect(isDomainEventType('product.created')).toBe(false);
  });
});

describe('event payloads', () => {
  it('updated events carry only changed fields with their new values, never storeId', () => {
    expect(
      check('ProductUpdated', { productId: id, changes: { imageUrl: null }, updatedAt: at }),
    ).toBe(true);
    expect(check('ProductUpdated', { productId: id, changes: {}, updatedAt: at })).toBe(false);
    expect(
      check('ProductUpdated', { productId: id, changes: { storeId: 'x' }, updatedAt: at }),
    ).toBe(false);
    expect(
      check('VariantUpdated', {
        variantId: id,
        changes: { productId: id, productStoreId: 'p' },
        updatedAt: at,
      }),
    ).toBe(true);
    expect(check('BrandUpdated', { brandId: id, changes: { customAuthEnabled: true } })).toBe(true);
  });

  it('keys are stored as hashes only', () => {
    const key = {
      apiKeyId: id,
      brandId: id,
      name: null,
      keyPrefix: 'bk_3f9a',
      scopes: ['posts:read'],
    };
    expect(check('ApiKeyIssued', { ...key, keyHash: 'a'.repeat(64) })).toBe(true);
    expect(check('ApiKeyIssued', { ...key, keyHash: 'bk_live_plaintextkey' })).toBe(false);
    expect(check('ApiKeyIssued', { ...key, keyHash: 'a'.repeat(64), scopes: ['everything'] })).toBe(
      false,
    );
  });

  it('magic links keep the token hash, expiry, state and returnTo', () => {
    const issued = {
      magicLinkId: id,
      memberId: id,
      tokenHash: 'f'.repeat(64),
      expiresAt: at,
      state: null,
      returnTo: '/',
    };
    expect(check('MagicLinkIssued', issued)).toBe(true);
    expect(check('MagicLinkIssued', { ...issued, state: 'x'.repeat(257) })).toBe(false);
  });

  it('member events carry the acting member as of the event', () => {
    const member = { id, customAuthSub: null, email: 'ada@example.com' };
    expect(check('PostLiked', { postId: id, roomId: id, memberId: id, member })).toBe(true);
    expect(check('PostLiked', { postId: id, roomId: id, memberId: id })).toBe(false);
  });
});

describe('EventMetadata', () => {
  const valid = Compile(EventMetadata);
  const metadata = {
    brandId: id,
    actor: { kind: 'apiKey', id: 'key-1', name: 'Shop sync' },
    requestId: 'req_1',
    correlationId: 'req_1',
    causationId: null,
    occurredAt: at,
  };

  it('names the brand, the actor, the request and the time', () => {
    expect(valid.Errors(metadata)).toEqual([]);
    expect(
      valid.Check({ ...metadata, actor: { kind: 'system', id: 'bootstrap' }, requestId: null }),
    ).toBe(true);
  });

  it.each(['brandId', 'actor', 'correlationId', 'occurredAt'])('requires %s', (field) => {
    expect(valid.Check({ ...metadata, [field]: undefined })).toBe(false);
  });

  it('knows only the four actor kinds', () => {
    expect(valid.Check({ ...metadata, actor: { kind: 'robot', id: 'r' } })).toBe(false);
  });
});
