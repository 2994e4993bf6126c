import { createTestApp } from '../testing/test-app';
import { errorOf } from '../testing/error-body';
import type { TestApp } from '../testing/test-app';
import {
  brand,
  createMagicLink,
  createPost,
  createRoom,
  eventCount,
  setMemberRole,
  signUp,
} from '../testing/community-kit';

jest.setTimeout(120_000);

const site = 'https://community.example.com';
let t: TestApp;
let open: { brandId: string; key: string };
let member: { cookie: string; userId: string };
let roomId: string;
let postId: string;
let commentId: string;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: site } });
  open = await brand(t, { customAuth: false });
  roomId = await createRoom(t, open.brandId);
  member = await signUp(t, open.brandId, { email: 'ada@example.com', firstName: 'Ada' });
  await setMemberRole(t, open.brandId, member.userId, 'MODERATOR');
  postId = (await createPost(t, member.cookie, roomId)).id;
  const comment = await t.http
    .post(`/community/v1/posts/${postId}/comments`)
    .set('cookie', member.cookie)
    .send({ contentHtml: '<p>First</p>' })
    .expect(201);
  commentId = (comment.body as { data: { id: string } }).data.id;
});
afterAll(() => t.close());

/** Every community call that changes something, sent with the member's cookie. */
const writes = (): [name: string, method: 'post' | 'delete', path: string, body?: object][] => [
  [
    'create a post',
    'post',
    `/rooms/${roomId}/posts`,
    { type: 'TEXT', title: 'x', contentHtml: 'x' },
  ],
  ['pin', 'post', `/posts/${postId}/pin`],
  ['unpin', 'delete', `/posts/${postId}/pin`],
  ['like a post', 'post', `/posts/${postId}/likes`],
  ['comment', 'post', `/posts/${postId}/comments`, { contentHtml: '<p>x</p>' }],
  ['like a comment', 'post', `/comments/${commentId}/likes`],
  ['sign out', 'post', '/auth/sign-out'],
  [
    'sign up',
    'post',
    `/brands/${open.brandId}/sign-up`,
    { email: 'csrf@example.com', firstName: 'C' },
  ],
];

const send = (
  [, method, path, body]: ReturnType<typeof writes>[number],
  headers: Record<string, string>,
) => {
  const request = t.http[method](`/community/v1${path}`).set('cookie', member.cookie).set(headers);
  return body === undefined ? request : request.send(body);
};

describe('community writes from another site', () => {
  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['the site over http', { origin: 'http://community.example.com' }],
    ['the site on another port', { origin: 'https://community.example.com:8443' }],
    ['a subdomain', { origin: 'https://evil.community.example.com' }],
    ['an opaque origin', { origin: 'null' }],
    ['no Origin, Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin, Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('are refused from %s: 403 ORIGIN_NOT_ALLOWED, nothing written', async (_from, headers) => {
    for (const write of writes()) {
      const before = await eventCount(t);
      const response = await send(write, headers).expect(403);
      expect(errorOf(response)).toEqual({
        message: 'Requests from another site are refused',
        code: 'ORIGIN_NOT_ALLOWED',
        statusCode: 403,
      });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await eventCount(t)).toBe(before);
    }
    // The session survived the cross-site sign-out.
    await send(writes()[3]!, { origin: site }).expect(200);
  });

  it('go through from the site itself, or from a client that is not a browser page', async () => {
    const allowed: Record<string, string>[] = [
      { origin: site },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of allowed) {
      const response = await send(writes()[0]!, headers);
      expect(response.status).toBe(201);
    }
  });

  it('do not include following a sign-in link, a navigation from a mail', async () => {
    const sso = await brand(t, { customAuth: true, name: 'SSO' });
    const { magicLink } = await createMagicLink(t, sso.key, {
      customAuthSub: 'mail',
      email: 'mail@example.com',
      firstName: 'M',
    });
    const url = new URL(magicLink);
    await t.http
      .get(`${url.pathname}${url.search}`)
      .set('sec-fetch-site', 'cross-site')
      .set('origin', 'https://mail.example')
      .expect(302);
  });
});
