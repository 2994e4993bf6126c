import { adminAuth, createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import {
  bearer,
  brand,
  createMagicLink,
  createRoom,
  eventCount,
  expectRefused,
  follow,
  sessionCookie,
  signIn,
} from '../testing/community-kit';

jest.setTimeout(120_000);

let t: TestApp;
let sso: { brandId: string; key: string };
let room: string;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://community.example.com' } });
  sso = await brand(t, { customAuth: true });
  room = await createRoom(t, sso.brandId);
});
afterAll(() => t.close());

const linkFor = (customAuthSub: string) =>
  createMagicLink(t, sso.key, {
    customAuthSub,
    email: `${customAuthSub.replace(/\W/g, '')}@example.com`,
    firstName: 'Ada',
  });
const setBanned = (memberId: string, isBanned: boolean) =>
  t.http
    .patch(`/api/v1/members/${memberId}`)
    .set('authorization', bearer(sso.key))
    .send({ isBanned })
    .expect(200);
const setCustomAuth = (brandId: string, customAuthEnabled: boolean) =>
  t.http
    .patch(`/admin/v1/brands/${brandId}`)
    .set('authorization', adminAuth)
    .send({ customAuthEnabled })
    .expect(200);
/** A call that needs a live session: 201 with one, 401 SESSION_REQUIRED without. */
const postWith = (cookie: string) =>
  t.http
    .post(`/community/v1/rooms/${room}/posts`)
    .set('cookie', cookie)
    .send({ type: 'TEXT', title: 'Hi', contentHtml: '<p>Hi</p>' });
const followAsJson = (magicLink: string) => {
  const url = new URL(magicLink);
  return t.http.get(`${url.pathname}${url.search}`).set('accept', 'application/json');
};

describe('only GET redeems a magic link', () => {
  it('answers HEAD (mail scanners, link previews) without using the link up or signing in', async () => {
    const { magicLink } = await linkFor('auth0|scanned');
    const url = new URL(magicLink);
    const before = await eventCount(t);
    const head = await t.http.head(`${url.pathname}${url.search}`).expect(200);
    expect(head.headers['set-cookie']).toBeUndefined();
    expect(head.headers['cache-control']).toBe('no-store');
    expect(await eventCount(t)).toBe(before);
    await follow(t, magicLink).expect(302);
  });
});

describe('a banned member', () => {
  it('gets no magic link: 403 MEMBER_BANNED, their details unchanged', async () => {
    const { userId } = await linkFor('auth0|banned');
    await setBanned(userId, true);
    await expectRefused(
      t,
      () =>
        t.http
          .post('/api/v1/magic-link')
          .set('authorization', bearer(sso.key))
          .send({ customAuthSub: 'auth0|banned', email: 'changed@example.com' }),
      {
        message: 'This member is banned',
        code: 'MEMBER_BANNED',
        statusCode: 403,
      },
    );
    const member = await t.http
      .get(`/api/v1/members/${userId}`)
      .set('authorization', bearer(sso.key))
      .expect(200);
    expect((member.body as { data: { email: string } }).data.email).toBe('auth0banned@example.com');
  });

  it('cannot follow a link issued before the ban; the link works again once unbanned', async () => {
    const { magicLink, userId } = await linkFor('auth0|banned-later');
    await setBanned(userId, true);
    const page = await follow(t, magicLink).expect(403);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('this community has banned your account');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect((await followAsJson(magicLink).expect(403)).body).toMatchObject({
      code: 'MEMBER_BANNED',
    });
    // Refused, not used up.
    await setBanned(userId, false);
    await follow(t, magicLink).expect(302);
  });
});

describe('a link issued while the brand used custom auth', () => {
  it('stops working when the brand switches custom auth off, and stays void when it is back on', async () => {
    const other = await brand(t, { customAuth: true, name: 'Switching' });
    const link = await createMagicLink(t, other.key, {
      customAuthSub: 'auth0|switch',
      email: 'switch@example.com',
      firstName: 'Sw',
    });
    await setCustomAuth(other.brandId, false);
    const page = await follow(t, link.magicLink).expect(403);
    expect(page.text).toContain('no longer signs members in');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect((await followAsJson(link.magicLink).expect(403)).body).toMatchObject({
      code: 'CUSTOM_AUTH_NOT_ENABLED',
      message: 'This sign-in link was issued before the brand switched custom authentication off',
    });
    await setCustomAuth(other.brandId, true);
    await follow(t, link.magicLink).expect(403);
    // A link issued now works.
    const fresh = await createMagicLink(t, other.key, {
      customAuthSub: 'auth0|switch',
      email: 'switch@example.com',
    });
    await follow(t, fresh.magicLink).expect(302);
  });
});

describe('sessions and sign-out', () => {
  it('keeps the sessions of other browsers when the member signs in again', async () => {
    const laptop = await signIn(t, sso.key, 'auth0|two-browsers');
    const phone = await signIn(t, sso.key, 'auth0|two-browsers');
    expect(phone.cookie).not.toBe(laptop.cookie);
    await postWith(laptop.cookie).expect(201);
    await postWith(phone.cookie).expect(201);
  });

  it('POST /auth/sign-out ends this session only, clears the cookie, and may be repeated', async () => {
    const laptop = await signIn(t, sso.key, 'auth0|signs-out');
    const phone = await signIn(t, sso.key, 'auth0|signs-out');
    const signedOut = await t.http
      .post('/community/v1/auth/sign-out')
      .set('cookie', laptop.cookie)
      .expect(204);
    expect(signedOut.headers['set-cookie']).toEqual([
      'community_session=; Path=/community/v1; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    ]);
    expect(signedOut.headers['cache-control']).toBe('no-store');
    expect((await postWith(laptop.cookie).expect(401)).body).toMatchObject({
      code: 'SESSION_REQUIRED',
    });
    await postWith(phone.cookie).expect(201);
    // Again, or with no cookie at all: still signed out, not an error.
    await t.http.post('/community/v1/auth/sign-out').set('cookie', laptop.cookie).expect(204);
    await t.http.post('/community/v1/auth/sign-out').expect(204);
  });

  it('a sign-in after signing out works', async () => {
    const first = await signIn(t, sso.key, 'auth0|back-again');
    await t.http.post('/community/v1/auth/sign-out').set('cookie', first.cookie).expect(204);
    const again = await follow(t, (await linkFor('auth0|back-again')).magicLink).expect(302);
    await postWith(sessionCookie(again)).expect(201);
  });
});
