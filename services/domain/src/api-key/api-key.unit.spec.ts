import { apiKeyDecider } from './index';
import type { ApiKeyCommand, ApiKeyEvent } from './index';
import { DeciderSpecification } from '../testing/decider-specification';

const brandId = '6f1b2a3c-0000-4000-8000-000000000001';
const otherBrandId = '6f1b2a3c-0000-4000-8000-000000000002';
const apiKeyId = '7a2c0000-0000-4000-8000-0000000000aa';
const keyHash = 'a'.repeat(64);
const keyPrefix = 'bk_live_AbCd';

const given = DeciderSpecification.for(apiKeyDecider);

const issue = (scopes: string[], name: string | null = 'CI'): ApiKeyCommand => ({
  type: 'IssueApiKey',
  data: { apiKeyId, brandId, name, scopes, keyHash, keyPrefix },
});

const revoke = (forBrand = brandId): ApiKeyCommand => ({
  type: 'RevokeApiKey',
  data: { apiKeyId, brandId: forBrand },
});

const issued: ApiKeyEvent = {
  type: 'ApiKeyIssued',
  schemaVersion: 1,
  data: { apiKeyId, brandId, name: 'CI', scopes: ['members:read'], keyHash, keyPrefix },
};
const revoked: ApiKeyEvent = {
  type: 'ApiKeyRevoked',
  schemaVersion: 1,
  data: { apiKeyId, brandId },
};

describe('ApiKey decider', () => {
  it('issues a key with its scopes sorted and deduplicated, keeping only the hash', () => {
    given([])
      .when(issue(['posts:read', 'members:read', 'posts:read']))
      .then([
        {
          type: 'ApiKeyIssued',
          schemaVersion: 1,
          data: {
            apiKeyId,
            brandId,
            name: 'CI',
            scopes: ['members:read', 'posts:read'],
            keyHash,
            keyPrefix,
          },
        },
      ]);
  });

  it('keeps both spellings of the member-groups write scope apart', () => {
    given([])
      .when(issue(['member_groups:write', 'member-groups:write']))
      .thenMatches([{ data: { scopes: ['member-groups:write', 'member_groups:write'] } }]);
  });

  it('allows a key without a name', () => {
    given([])
      .when(issue(['members:read'], null))
      .thenMatches([{ data: { name: null } }]);
  });

  it('names every unknown scope by its index', () => {
    given([])
      .when(issue(['members:read', 'admin', 'members:READ']))
      .thenThrows({
        rule: 'invalid',
        problems: [
          { path: ['scopes', 1], message: "unknown scope 'admin'" },
          { path: ['scopes', 2], message: "unknown scope 'members:READ'" },
        ],
      });
  });

  it('refuses a key without scopes', () => {
    given([]).when(issue([])).thenThrows({ rule: 'invalid' });
  });

  it('refuses to issue the same key id twice', () => {
    given([issued])
      .when(issue(['members:read']))
      .thenThrows({
        rule: 'already-taken',
      });
  });

  it('revokes an active key', () => {
    given([issued]).when(revoke()).then([revoked]);
  });

  it('records nothing when the key is already revoked', () => {
    given([issued, revoked]).when(revoke()).thenNothingHappened();
  });

  it("reports another brand's key as not found", () => {
    given([issued]).when(revoke(otherBrandId)).thenThrows({
      rule: 'not-found',
    });
  });

  it('cannot revoke a key that was never issued', () => {
    given([]).when(revoke()).thenThrows({ rule: 'not-found' });
  });

  it('remembers that a key was revoked', () => {
    const state = [issued, revoked].reduce(apiKeyDecider.evolve, apiKeyDecider.initialState());
    expect(state).toMatchObject({ status: 'revoked', scopes: ['members:read'] });
  });
});
