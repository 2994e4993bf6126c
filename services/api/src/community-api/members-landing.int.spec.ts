/**
 * MEMBERS_URL: where a redeemed magic link and a post's `url` lead. Without it, a plain page on
 * the API host says who signed in and which setting to set, instead of a 404.
 */
import { createHash } from 'node:crypto';
import {
  bearer,
  brand,
  createMagicLink,
  createPost,
  createRoom,
  follow,
  sessionCookie,
} from '../testing/community-kit';
import { createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

jest.setTimeout(120_000);

const publicUrl = 'http://localhost:4321';

async function signInThroughLink(t: TestApp, key: string) {
  const { magicLink } = await createMagicLink(t, key, {
    customAuthSub: 'auth0|ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    returnTo: '/rooms/general',
    state: 'opaque-1',
  });
  return follow(t, magicLink).expect(302);
}

async function postUrlOf(t: TestApp, key: string, brandId: string, cookie: string) {
  const room = await createRoom(t, brandId);
  const post = await createPost(t, cookie, room);
  const listed = await t.http.get('/api/v1/posts').set('authorization', bearer(key)).expect(200);
  const [first] = (listed.body as { data: { id: string; url: string }[] }).data;
  expect(first?.id).toBe(post.id);
  return { url: first!.url, postId: post.id };
}

describe('without MEMBERS_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl } });
  });
  afterAll(() => t.close());

  it('lands a redeemed link on a page that says who signed in, where they were going, and names MEMBERS_URL', async () => {
    const { brandId, key } = await brand(t, { customAuth: true, name: 'Acme' });
    const redeemed = await signInThroughLink(t, key);
    const location = redeemed.headers.location!;
    expect(location).toBe(
      `/community/v1/landing?to=${encodeURIComponent('/rooms/general?state=opaque-1')}`,
    );
    const cookie = sessionCookie(redeemed);
    const page = await t.http.get(location).set('cookie', cookie).expect(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('Signed in');
    expect(page.text).toContain('<strong>Ada Lovelace</strong> (ada@example.com)');
    expect(page.text).toContain('the community of Acme');
    expect(page.text).toContain('<code>/rooms/general?state=opaque-1</code>');
    expect(page.text).toContain('<code>MEMBERS_URL</code>');
    // The one inline style is allowed by its hash, and nothing else may load or run.
    const style = /<style>(.*)<\/style>/.exec(page.text)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
    );
    expect(page.text).not.toMatch(/<script/i);

    const { url, postId } = await postUrlOf(t, key, brandId, cookie);
    expect(url).toBe(
      `${publicUrl}/community/v1/landing?to=${encodeURIComponent(`/posts/${postId}`)}`,
    );
    const postPage = await t.http.get(new URL(url).pathname + new URL(url).search).expect(200);
    expect(postPage.text).toContain(`<code>/posts/${postId}</code>`);
  });

  it('says nobody is signed in without a session, escapes what it shows, and keeps to paths on the site', async () => {
    const anonymous = await t.http.get('/community/v1/landing?to=%2F%3Cb%3Ex').expect(200);
    expect(anonymous.text).toContain('Nobody is signed in');
    expect(anonymous.text).toContain('<code>/%3Cb%3Ex</code>');
    expect(anonymous.text).not.toContain('<b>');
    for (const to of ['https://evil.example/', '//evil.example', '', 'x'.repeat(3)]) {
      const page = await t.http
        .get(`/community/v1/landing?to=${encodeURIComponent(to)}`)
        .expect(200);
      expect(page.text).toContain("sent to the members' page <code>/</code>");
    }
    await t.http.get('/community/v1/landing').expect(200);
  });
});

describe('with MEMBERS_URL', () => {
  const membersUrl = 'https://community.example.com/app';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl, membersUrl } });
  });
  afterAll(() => t.close());

  it('redirects a redeemed link there with its returnTo and state, and posts point there', async () => {
    const { brandId, key } = await brand(t, { customAuth: true, name: 'Acme' });
    const redeemed = await signInThroughLink(t, key);
    expect(redeemed.headers.location).toBe(`${membersUrl}/rooms/general?state=opaque-1`);
    const { url, postId } = await postUrlOf(t, key, brandId, sessionCookie(redeemed));
    expect(url).toBe(`${membersUrl}/posts/${postId}`);
    // A landing link handed out before MEMBERS_URL was set now leads to the front end.
    const landing = await t.http.get('/community/v1/landing?to=%2Fposts%2Fx').expect(302);
    expect(landing.headers.location).toBe(`${membersUrl}/posts/x`);
  });
});
