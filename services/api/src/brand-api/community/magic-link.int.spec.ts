import { readWholeLog } from '@brand-api/event-store/testing';
import { createTestApp } from '../../testing/test-app';
import { errorOf } from '../../testing/error-body';
import type { TestApp } from '../../testing/test-app';
import {
  bearer,
  brand,
  createMagicLink,
  eventCount,
  expectRefused,
  follow,
  sessionCookie,
  signIn,
} from '../../testing/community-kit';

jest.setTimeout(120_000);

/** The app's clock, moved by the tests to expire links. */
let now = new Date('2025-03-01T10:00:00.000Z');
let t: TestApp;
let key: string;
let brandId: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { publicUrl: 'http://localhost:4321', membersUrl: 'https://members.example.com' },
    deps: { clock: () => now },
  });
  ({ key, brandId } = await brand(t, { customAuth: true }));
});
afterAll(() => t.close());

const post = (body: unknown, apiKey = key) =>
  t.http
    .post('/api/v1/magic-link')
    .set('authorization', bearer(apiKey))
    .send(body as object);
const getMember = (id: string) =>
  t.http.get(`/api/v1/members/${id}`).set('authorization', bearer(key)).expect(200);

const valid = { customAuthSub: 'auth0|valid', email: 'valid@example.com', firstName: 'Val' };

describe('POST /magic-link validation (SPEC §5): 400 naming the field, nothing written', () => {
  const without = (field: keyof typeof valid) => {
    const { [field]: _dropped, ...rest } = valid;
    return rest;
  };
  it.each<[string, unknown, string[]]>([
    ['customAuthSub missing', without('customAuthSub'), ['/customAuthSub']],
    ['customAuthSub empty', { ...valid, customAuthSub: '' }, ['/customAuthSub']],
    ['email malformed', { ...valid, email: 'not-an-email' }, ['/email']],
    ['phoneNumber malformed', { ...valid, phoneNumber: '0770 0900' }, ['/phoneNumber']],
    ['state of 257 characters', { ...valid, state: 'x'.repeat(257) }, ['/state']],
    ['returnTo absolute', { ...valid, returnTo: 'https://evil.example.com/' }, ['/returnTo']],
    ['returnTo protocol-relative', { ...valid, returnTo: '//evil.example.com/' }, ['/returnTo']],
    ['returnTo backslash host', { ...valid, returnTo: '/\\evil.example.com' }, ['/returnTo']],
    ['returnTo not starting with /', { ...valid, returnTo: 'rooms/general' }, ['/returnTo']],
    ['returnTo of 101 characters', { ...valid, returnTo: `/${'a'.repeat(100)}` }, ['/returnTo']],
    ['an unknown field', { ...valid, role: 'ADMIN' }, ['/role']],
    ['a new member without firstName', without('firstName'), ['/firstName']],
    [
      'a new member without email',
      { customAuthSub: 'auth0|phone', phoneNumber: '+447700900123', firstName: 'P' },
      ['/email'],
    ],
  ])('%s', async (_name, body, fields) => {
    const before = await eventCount(t);
    const response = await post(body).expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400 });
    const reported = (response.body as { details: { field: string }[] }).details.map(
      (d) => d.field,
    );
    for (const field of fields) expect(reported).toContain(field);
    expect(await eventCount(t)).toBe(before);
  });

  it('refuses a body with neither email nor phoneNumber, writing nothing', async () => {
    const before = await eventCount(t);
    const response = await post({ customAuthSub: 'auth0|x', firstName: 'X' }).expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await eventCount(t)).toBe(before);
  });

  it('names email and phoneNumber when neither is given', async () => {
    const response = await post({ customAuthSub: 'auth0|x', firstName: 'X' }).expect(400);
    const message = 'one of email or phoneNumber is required';
    expect((response.body as { details: unknown }).details).toEqual([
      { location: 'body', field: '/email', message },
      { location: 'body', field: '/phoneNumber', message },
    ]);
  });

  it('accepts the limits themselves: state of 256, returnTo of 100, phone instead of email', async () => {
    await post({ ...valid, state: 's'.repeat(256), returnTo: `/${'a'.repeat(99)}` }).expect(200);
    await post({ customAuthSub: 'auth0|valid', phoneNumber: '+447700900123' }).expect(200);
  });
});

describe('POST /magic-link', () => {
  it('is refused with 403 CUSTOM_AUTH_NOT_ENABLED for brands without custom auth, writing nothing', async () => {
    const other = await brand(t, { customAuth: false });
    await expectRefused(t, () => post(valid, other.key), {
      message: 'Custom authentication is not enabled for this brand',
      code: 'CUSTOM_AUTH_NOT_ENABLED',
      statusCode: 403,
    });
  });

  it('needs the magic_link:write scope', async () => {
    const limited = await t.brandWithKey(['members:read']);
    await post(valid, limited.key).expect(403);
  });

  it('creates the member once, then updates email and phone for the same customAuthSub', async () => {
    const first = await createMagicLink(t, key, {
      customAuthSub: 'auth0|grace',
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      isEmailVerified: true,
    });
    expect(first.magicLink).toMatch(
      /^http:\/\/localhost:4321\/community\/v1\/auth\/magic-link\?token=[A-Za-z0-9_-]{43}$/,
    );
    expect((await getMember(first.userId)).body).toEqual({
      data: {
        id: first.userId,
        username: 'grace-hopper',
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.com',
        isEmailVerified: true,
        isBanned: false,
        role: 'CUSTOMER',
        groupIds: [],
      },
    });
    const second = await createMagicLink(t, key, {
      customAuthSub: 'auth0|grace',
      email: 'grace@navy.example.com',
      phoneNumber: '+15555550100',
    });
    expect(second.userId).toBe(first.userId);
    expect(second.magicLink).not.toBe(first.magicLink);
    expect((await getMember(first.userId)).body).toMatchObject({
      data: {
        username: 'grace-hopper',
        email: 'grace@navy.example.com',
        phoneNumber: '+15555550100',
        // The brand vouched for the old address, not for this one.
        isEmailVerified: false,
      },
    });
  });

  it('keeps one member per customAuthSub when two links are created at once', async () => {
    const body = { customAuthSub: 'auth0|twins', email: 'twins@example.com', firstName: 'Twin' };
    const [a, b] = await Promise.all([
      createMagicLink(t, key, body),
      createMagicLink(t, key, body),
    ]);
    expect(a.userId).toBe(b.userId);
    const list = await t.http
      .get('/api/v1/members?limit=100')
      .set('authorization', bearer(key))
      .expect(200);
    const twins = (list.body as { data: { email: string }[] }).data.filter(
      (m) => m.email === 'twins@example.com',
    );
    expect(twins).toHaveLength(1);
  });

  it('never stores the token: only its SHA-256 appears in the log', async () => {
    const { magicLink } = await createMagicLink(t, key, valid);
    const token = new URL(magicLink).searchParams.get('token')!;
    expect(JSON.stringify(await readWholeLog(t.eventStore))).not.toContain(token);
  });
});

describe('redeeming a magic link', () => {
  it('signs in with an HttpOnly, SameSite=Lax cookie (not Secure over http) and redirects to returnTo with state', async () => {
    const { magicLink } = await createMagicLink(t, key, {
      ...valid,
      returnTo: '/rooms/general?tab=new#top',
      state: 'a b&c',
    });
    const response = await follow(t, magicLink).expect(302);
    expect(response.headers.location).toBe(
      'https://members.example.com/rooms/general?tab=new&state=a+b%26c#top',
    );
    const cookie = (response.headers['set-cookie'] as unknown as string[])[0]!;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('redirects to / without returnTo, and adds no state when none was given', async () => {
    const { magicLink } = await createMagicLink(t, key, valid);
    expect((await follow(t, magicLink).expect(302)).headers.location).toBe(
      'https://members.example.com/',
    );
  });

  it('works once: a second visit gets the error page and no session', async () => {
    const { magicLink } = await createMagicLink(t, key, valid);
    await follow(t, magicLink).expect(302);
    const again = await follow(t, magicLink).expect(410);
    expect(again.headers['content-type']).toMatch(/^text\/html/);
    expect(again.text).toContain('This sign-in link has already been used');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('expires after 15 minutes', async () => {
    const { magicLink } = await createMagicLink(t, key, valid);
    const issuedAt = now;
    try {
      now = new Date(issuedAt.getTime() + 15 * 60 * 1000);
      const expired = await follow(t, magicLink).expect(410);
      expect(expired.text).toContain('This sign-in link has expired');
      expect(expired.headers['set-cookie']).toBeUndefined();
      now = new Date(issuedAt.getTime() + 15 * 60 * 1000 - 1);
      await follow(t, magicLink).expect(302);
    } finally {
      now = issuedAt;
    }
  });

  it.each([
    ['an unknown token', `?token=${'A'.repeat(43)}`],
    ['a malformed token', '?token=abc'],
    ['no token', ''],
    ['two tokens', `?token=${'A'.repeat(43)}&token=${'B'.repeat(43)}`],
    ['a very long token', `?token=${'A'.repeat(5000)}&utm_source=mail`],
  ])('answers %s with the error page, and JSON to JSON clients', async (_name, query) => {
    const page = await t.http
      .get(`/community/v1/auth/magic-link${query}`)
      .set('accept', 'text/html')
      .expect(404);
    expect(page.text).toContain('This sign-in link is not valid');
    expect(page.headers['set-cookie']).toBeUndefined();
    const json = await t.http
      .get(`/community/v1/auth/magic-link${query}`)
      .set('accept', 'application/json')
      .expect(404);
    expect(errorOf(json)).toEqual({
      message: 'This sign-in link is not valid',
      code: 'MAGIC_LINK_INVALID',
      statusCode: 404,
    });
  });

  it('lets exactly one of two concurrent redemptions sign in', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { magicLink } = await createMagicLink(t, key, valid);
      const responses = await Promise.all([follow(t, magicLink), follow(t, magicLink)]);
      expect(responses.map((response) => response.status).sort()).toEqual([302, 410]);
    }
  });

  it('gives a session that works for community calls and names the right member', async () => {
    const { cookie, userId } = await signIn(t, key, 'auth0|poster');
    const room = await t.http
      .post(`/admin/v1/brands/${brandId}/rooms`)
      .set('authorization', 'Bearer test-admin-token-0123456789abcdef')
      .send({ name: 'Room' })
      .expect(201);
    const roomId = (room.body as { data: { id: string } }).data.id;
    const created = await t.http
      .post(`/community/v1/rooms/${roomId}/posts`)
      .set('cookie', cookie)
      .send({ type: 'TEXT', title: 'Hi', contentHtml: '<p>Hi</p>' })
      .expect(201);
    expect((created.body as { data: { userId: string } }).data.userId).toBe(userId);
    expect(sessionCookie).toBeDefined();
  });
});
