import type { Queryable } from '@brand-api/event-store';
import { createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { createApiKeyAuthenticator } from './api-key-authenticator';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API key authenticator', () => {
  it('answers from its cache within the TTL, and from the table after it', async () => {
    const { key, keyId, brandId } = await t.brandWithKey(['members:read', 'posts:read']);
    let now = 1_000_000;
    const authenticator = createApiKeyAuthenticator({
      db: t.testDb.db,
      ttlMs: 2_000,
      now: () => now,
    });
    expect(await authenticator.authenticate(key)).toMatchObject({
      apiKeyId: keyId,
      brandId,
      brandName: 'Test brand',
      customAuthEnabled: false,
      scopes: new Set(['members:read', 'posts:read']),
    });

    // Revoked behind this authenticator's back (another process): trusted until the TTL ends.
    await t.testDb.db.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [keyId]);
    now += 1_999;
    expect(await authenticator.authenticate(key)).toBeDefined();
    now += 2;
    expect(await authenticator.authenticate(key)).toBeUndefined();
  });

  it('forgets every key at once on invalidate', async () => {
    const { key, keyId } = await t.brandWithKey(['members:read']);
    const authenticator = createApiKeyAuthenticator({ db: t.testDb.db, ttlMs: 60_000 });
    expect(await authenticator.authenticate(key)).toBeDefined();
    await t.testDb.db.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [keyId]);
    expect(await authenticator.authenticate(key)).toBeDefined();
    authenticator.invalidate();
    expect(await authenticator.authenticate(key)).toBeUndefined();
  });

  it('makes one lookup for the requests that miss together (an entry expiring under load)', async () => {
    const { key, keyId } = await t.brandWithKey(['members:read']);
    let lookups = 0;
    const counted: Queryable = {
      query<R>(...args: Parameters<Queryable['query']>) {
        lookups += 1;
        return t.testDb.db.query<R>(...args);
      },
    };
    const authenticator = createApiKeyAuthenticator({ db: counted, ttlMs: 60_000 });
    const principals = await Promise.all(
      Array.from({ length: 50 }, () => authenticator.authenticate(key)),
    );
    expect(principals.every((principal) => principal?.apiKeyId === keyId)).toBe(true);
    expect(lookups).toBe(1);
    // After an invalidation the next request looks again (and the ones with it share that).
    authenticator.invalidate();
    await Promise.all(Array.from({ length: 10 }, () => authenticator.authenticate(key)));
    expect(lookups).toBe(2);
  });

  it('refuses malformed, unknown and look-alike keys', async () => {
    const { key } = await t.brandWithKey(['members:read']);
    const authenticator = createApiKeyAuthenticator({ db: t.testDb.db });
    const lastChar = key.at(-1) === 'a' ? 'b' : 'a';
    for (const candidate of [
      '',
      'bk_live_',
      key.slice(0, -1),
      `${key.slice(0, -1)}${lastChar}`,
      key.toUpperCase(),
    ]) {
      expect(await authenticator.authenticate(candidate)).toBeUndefined();
    }
  });
});
