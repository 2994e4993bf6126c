/**
 * The acceptance story of the community issue, through HTTP only: an operator enables custom
 * auth and makes a room; the brand's server creates a magic link; the user follows it, posts
 * and comments; the brand lists the post, bans the member, and the member can post no more.
 */
import { operatorApiAgent } from '../testing/operator-api-agent';
import { createTestApp } from '../testing/test-app';
import { errorOf } from '../testing/error-body';
import type { TestApp } from '../testing/test-app';
import { bearer, everyCommunityScope, sessionCookie } from '../testing/community-kit';
import { readWholeLog } from '@brand-api/event-store/testing';

jest.setTimeout(120_000);

const publicUrl = 'https://community.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl, membersUrl: publicUrl } });
});
afterAll(() => t.close());

const admin = operatorApiAgent(() => t);

it('runs the community story from operator to ban', async () => {
  // The operator creates a brand, switches custom auth on, makes a room and a key.
  const brandResponse = await admin.post('/brands', { name: 'Trail Co' }).expect(201);
  const brandId = (brandResponse.body as { data: { id: string } }).data.id;
  await admin.patch(`/brands/${brandId}`, { customAuthEnabled: true }).expect(200);
  const roomResponse = await admin
    .post(`/brands/${brandId}/rooms`, { name: 'General' })
    .expect(201);
  const room = (roomResponse.body as { data: { id: string; name: string } }).data;
  expect(room.name).toBe('General');
  const keyResponse = await admin
    .post(`/brands/${brandId}/api-keys`, { scopes: everyCommunityScope })
    .expect(201);
  const key = bearer((keyResponse.body as { data: { key: string } }).data.key);

  // The brand's server asks for a magic link for its signed-in user.
  const linkResponse = await t.http
    .post('/api/v1/magic-link')
    .set('authorization', key)
    .send({
      customAuthSub: 'auth0|ada',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      state: 'opaque-123',
      returnTo: '/rooms/general',
    })
    .expect(200);
  const { magicLink, userId } = linkResponse.body as { magicLink: string; userId: string };
  expect(magicLink).toMatch(
    /^https:\/\/community\.example\.com\/community\/v1\/auth\/magic-link\?token=[\w-]{43}$/,
  );

  // The user follows it: a session cookie and a redirect carrying the state.
  const link = new URL(magicLink);
  const signedIn = await t.http.get(`${link.pathname}${link.search}`).expect(302);
  expect(signedIn.headers.location).toBe(`${publicUrl}/rooms/general?state=opaque-123`);
  const setCookie = (signedIn.headers['set-cookie'] as unknown as string[])[0]!;
  expect(setCookie).toMatch(
    /^community_session=[\w-]{43}; Path=\/community\/v1; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/,
  );
  const cookie = sessionCookie(signedIn);

  // The user posts (scripts removed) and comments.
  const postResponse = await t.http
    .post(`/community/v1/rooms/${room.id}/posts`)
    .set('cookie', cookie)
    .send({
      type: 'TEXT',
      title: 'My first run',
      contentHtml: '<p onclick="steal()">Ten miles!</p><script>steal()</script>',
    })
    .expect(201);
  const post = (postResponse.body as { data: { id: string; contentHtml: string; userId: string } })
    .data;
  expect(post).toMatchObject({ contentHtml: '<p>Ten miles!</p>', userId });
  const commentResponse = await t.http
    .post(`/community/v1/posts/${post.id}/comments`)
    .set('cookie', cookie)
    .send({ contentHtml: '<p>Great route</p>' })
    .expect(201);
  expect((commentResponse.body as { data: { id: string } }).data.id).toMatch(/^[0-9a-f-]{36}$/);

  // The brand lists the post.
  const posts = await t.http
    .get(`/api/v1/posts?roomId=${room.id}`)
    .set('authorization', key)
    .expect(200);
  expect(posts.body).toEqual({
    hasMore: false,
    nextCursor: null,
    data: [
      {
        id: post.id,
        roomId: room.id,
        userId,
        url: `${publicUrl}/posts/${post.id}`,
        title: 'My first run',
        contentHtml: '<p>Ten miles!</p>',
        isPinned: false,
        createdAt: expect.any(String) as string,
        publishedAt: expect.any(String) as string,
        isPublished: true,
        type: 'TEXT',
      },
    ],
  });

  // The brand bans the member; the member can no longer post.
  const banned = await t.http
    .patch(`/api/v1/members/${userId}`)
    .set('authorization', key)
    .send({ isBanned: true })
    .expect(200);
  expect((banned.body as { data: { isBanned: boolean } }).data.isBanned).toBe(true);
  const refused = await t.http
    .post(`/community/v1/rooms/${room.id}/posts`)
    .set('cookie', cookie)
    .send({ type: 'TEXT', title: 'Still here?', contentHtml: '<p>Hello?</p>' })
    .expect(403);
  expect(errorOf(refused)).toEqual({
    message: 'This member is banned',
    code: 'MEMBER_BANNED',
    statusCode: 403,
  });
  const after = await t.http
    .get(`/api/v1/posts?roomId=${room.id}`)
    .set('authorization', key)
    .expect(200);
  expect((after.body as { data: unknown[] }).data).toHaveLength(1);

  // Every event says who did it and in which request.
  const actors = (await readWholeLog(t.eventStore)).map((event) => [
    event.type,
    (event.metadata.actor as { kind: string }).kind,
    typeof event.metadata.requestId,
    event.metadata.brandId,
  ]);
  // The magic link's four events come from one command: in stream-name order from one atomic
  // append, claims first on a single-stream store (EVENT_STORE_SINGLE_STREAM). Their order among
  // themselves is not what this checks.
  const byType = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
  expect([...actors.slice(0, 4), ...actors.slice(4, 8).sort(byType), ...actors.slice(8)]).toEqual([
    ['BrandCreated', 'operator', 'string', brandId],
    ['BrandUpdated', 'operator', 'string', brandId],
    ['RoomCreated', 'operator', 'string', brandId],
    ['ApiKeyIssued', 'operator', 'string', brandId],
    ...['CustomAuthSubClaimed', 'MagicLinkIssued', 'MemberJoined', 'UsernameClaimed'].map(
      (type) => [type, 'apiKey', 'string', brandId],
    ),
    ['MagicLinkRedeemed', 'member', 'string', brandId],
    ['PostCreated', 'member', 'string', brandId],
    ['PostCommentCreated', 'member', 'string', brandId],
    ['MemberBanned', 'apiKey', 'string', brandId],
  ]);
});
