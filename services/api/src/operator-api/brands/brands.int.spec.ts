import { scopes } from '@brand-api/contracts';
import { readWholeLog } from '@brand-api/event-store/testing';
import { errorOf } from '../../testing/error-body';
import { operatorApiAgent } from '../../testing/operator-api-agent';
import { adminAuth, createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const unknownId = '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b';

interface BrandBody {
  data: { id: string; name: string; customAuthEnabled: boolean };
}
interface KeyBody {
  data: { id: string; key: string; scopes: string[]; name: string | null; prefix: string };
}

const admin = operatorApiAgent(() => t);

const createBrand = async (body: object) =>
  (await admin.post('/brands', body).expect(201)).body as BrandBody;

describe('operator API authentication', () => {
  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer wrong-token-wrong-token-wrong'],
    ['an API key', 'Bearer bk_live_0123456789abcdefghijklmnopqrstuvwxyzAB'],
    ['a token of another length', 'Bearer x'],
  ])('refuses %s with 401 ADMIN_UNAUTHORIZED', async (_name, authorization) => {
    for (const [method, path] of [
      ['get', '/admin/v1/brands'],
      ['post', '/admin/v1/brands'],
      ['get', '/admin/v1/nowhere'],
    ] as const) {
      const request = t.http[method](path);
      if (authorization) request.set('authorization', authorization);
      const response = await request.expect(401);
      expect(errorOf(response)).toEqual({
        message: 'Missing or invalid admin token',
        code: 'ADMIN_UNAUTHORIZED',
        statusCode: 401,
      });
    }
  });

  it('refuses the admin token on the Brand API', async () => {
    await t.http.get('/api/v1/members').set('authorization', adminAuth).expect(401);
  });
});

describe('brands', () => {
  it('creates a brand: 201 with id, name and customAuthEnabled (false by default)', async () => {
    const { data } = await createBrand({ name: '  Acme  ' });
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      name: 'Acme',
      customAuthEnabled: false,
    });
    const fetched = await admin.get(`/brands/${data.id}`).expect(200);
    expect(fetched.body).toEqual({ data });
  });

  it('creates a brand with custom auth enabled', async () => {
    const { data } = await createBrand({ name: 'SSO brand', customAuthEnabled: true });
    expect(data.customAuthEnabled).toBe(true);
  });

  it.each([
    [{}, '/name'],
    [{ name: '' }, '/name'],
    [{ name: 'x'.repeat(201) }, '/name'],
    [{ name: 'A', customAuthEnabled: 'yes' }, '/customAuthEnabled'],
    [{ name: 'A', plan: 'gold' }, '/plan'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const response = await admin.post('/brands', body).expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field }] });
  });

  it('refuses a name that is only spaces', async () => {
    const response = await admin.post('/brands', { name: '   ' }).expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: '/name' }],
    });
  });

  it('updates only the given fields', async () => {
    const { data } = await createBrand({ name: 'Before' });
    const renamed = await admin.patch(`/brands/${data.id}`, { name: 'After' }).expect(200);
    expect(renamed.body).toEqual({
      data: { id: data.id, name: 'After', customAuthEnabled: false },
    });
    const switched = await admin
      .patch(`/brands/${data.id}`, { customAuthEnabled: true })
      .expect(200);
    expect(switched.body).toEqual({
      data: { id: data.id, name: 'After', customAuthEnabled: true },
    });
    const fetched = await admin.get(`/brands/${data.id}`).expect(200);
    expect(fetched.body).toEqual(switched.body);
  });

  it('refuses an empty update and answers 404 for an unknown brand', async () => {
    const { data } = await createBrand({ name: 'Static' });
    await admin.patch(`/brands/${data.id}`, {}).expect(400);
    const missing = await admin.patch(`/brands/${unknownId}`, { name: 'x' }).expect(404);
    expect(errorOf(missing)).toEqual({
      message: 'Resource not found',
      code: 'NOT_FOUND',
      statusCode: 404,
    });
    await admin.get(`/brands/${unknownId}`).expect(404);
  });

  it('lists brands page by page, each exactly once', async () => {
    for (let index = 0; index < 5; index += 1) await createBrand({ name: `Paged ${index}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '?limit=3' : `?limit=3&cursor=${cursor}`;
      const page = await admin.get(`/brands${query}`).expect(200);
      const body = page.body as {
        data: { id: string }[];
        hasMore: boolean;
        nextCursor: string | null;
      };
      expect(body.data.length).toBeLessThanOrEqual(3);
      seen.push(...body.data.map((brand) => brand.id));
      cursor = body.hasMore ? body.nextCursor : null;
    } while (cursor !== null);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await admin.get('/brands?limit=100').expect(200);
    expect(seen).toEqual((all.body as { data: { id: string }[] }).data.map((brand) => brand.id));
  });

  it('refuses a forged cursor with 400', async () => {
    const response = await admin.get('/brands?cursor=Zm9yZ2Vk').expect(400);
    expect(response.body).toMatchObject({ details: [{ location: 'query', field: '/cursor' }] });
  });
});

describe('API keys', () => {
  it('issues a key once, stores no secret, lists it and revokes it', async () => {
    const { data: brand } = await createBrand({ name: 'Keys' });
    const issued = await admin
      .post(`/brands/${brand.id}/api-keys`, { name: 'CI', scopes: ['posts:read', 'members:read'] })
      .expect(201);
    const { data: key } = issued.body as KeyBody;
    expect(key).toMatchObject({ name: 'CI', scopes: ['members:read', 'posts:read'] });
    expect(key.key).toMatch(/^bk_live_[0-9A-Za-z]{40}$/);
    expect(key.key.startsWith(key.prefix)).toBe(true);

    const listed = await admin.get(`/brands/${brand.id}/api-keys`).expect(200);
    expect(listed.body).toEqual({
      data: [
        {
          id: key.id,
          brandId: brand.id,
          name: 'CI',
          scopes: ['members:read', 'posts:read'],
          prefix: key.prefix,
          createdAt: expect.any(String) as string,
          revokedAt: null,
        },
      ],
    });
    expect(listed.text).not.toContain(key.key);
    const { rows } = await t.testDb.db.query<{ stored: string }>(
      'SELECT row_to_json(k)::text AS stored FROM api_keys k',
    );
    expect(rows.map((row) => row.stored).join()).not.toContain(key.key);
    expect(JSON.stringify(await readWholeLog(t.eventStore))).not.toContain(key.key);

    const revoked = await admin.delete(`/brands/${brand.id}/api-keys/${key.id}`).expect(200);
    expect(revoked.body).toMatchObject({
      data: { id: key.id, revokedAt: expect.any(String) as string },
    });
    // Revoking again is harmless.
    await admin.delete(`/brands/${brand.id}/api-keys/${key.id}`).expect(200);
  });

  it('issues a key without a name, and a key with every scope', async () => {
    const { data: brand } = await createBrand({ name: 'All scopes' });
    const issued = await admin.post(`/brands/${brand.id}/api-keys`, { scopes }).expect(201);
    expect((issued.body as KeyBody).data).toMatchObject({ name: null, scopes: [...scopes].sort() });
  });

  it.each([
    [{}, '/scopes'],
    [{ scopes: [] }, '/scopes'],
    [{ scopes: ['admin'] }, '/scopes/0'],
    [{ scopes: ['members:read'], name: '' }, '/name'],
    [{ scopes: ['members:read'], secret: 'x' }, '/secret'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const { data: brand } = await createBrand({ name: 'Bad keys' });
    const response = await admin.post(`/brands/${brand.id}/api-keys`, body).expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field }] });
  });

  it('answers 404 for keys of an unknown brand', async () => {
    await admin.post(`/brands/${unknownId}/api-keys`, { scopes: ['members:read'] }).expect(404);
    await admin.get(`/brands/${unknownId}/api-keys`).expect(404);
    await admin.delete(`/brands/${unknownId}/api-keys/${unknownId}`).expect(404);
  });

  it("answers 404 when revoking a key through another brand's path", async () => {
    const owner = await t.brandWithKey(['members:read']);
    const { data: other } = await createBrand({ name: 'Other' });
    await admin.delete(`/brands/${other.id}/api-keys/${owner.keyId}`).expect(404);
    await t.http.get('/api/v1/members').set('authorization', `Bearer ${owner.key}`).expect(200);
  });

  it('records who did it in the event metadata', async () => {
    const { brandId } = await t.brandWithKey(['members:read']);
    const [created] = await t.eventStore.readStream(`brand-${brandId}`);
    expect(created?.metadata).toEqual({
      brandId,
      actor: { kind: 'operator', id: 'admin', name: 'operator' },
      requestId: expect.any(String) as string,
      correlationId: expect.any(String) as string,
      causationId: expect.any(String) as string,
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
    });
  });
});
