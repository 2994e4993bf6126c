import { readWholeLog } from '@brand-api/event-store/testing';
import { adminAuth, createTestApp } from '../testing/test-app';
import { errorOf } from '../testing/error-body';
import type { TestApp } from '../testing/test-app';
import {
  bearer,
  brand,
  createPost,
  createRoom,
  eventCount,
  setMemberRole,
  signIn,
  signUp,
} from '../testing/community-kit';

jest.setTimeout(120_000);

/** Every reading of the clock is a second later: posts get distinct, ordered creation times. */
let tick = Date.parse('2025-03-01T10:00:00.000Z');
let t: TestApp;
let open: { brandId: string; key: string };
let sso: { brandId: string; key: string };
let room: string;
let ssoRoom: string;
let member: { cookie: string; userId: string };

beforeAll(async () => {
  t = await createTestApp({
    config: {
      publicUrl: 'https://community.example.com',
      membersUrl: 'https://community.example.com',
    },
    deps: { clock: () => new Date((tick += 1000)) },
  });
  open = await brand(t, { customAuth: false, name: 'Open' });
  sso = await brand(t, { customAuth: true, name: 'SSO' });
  room = await createRoom(t, open.brandId, 'General');
  ssoRoom = await createRoom(t, sso.brandId, 'Members');
  member = await signUp(t, open.brandId, {
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
});
afterAll(() => t.close());

const unknownId = '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b';
const community = (cookie?: string) => {
  const auth = <R extends { set(name: string, value: string): R }>(request: R) =>
    cookie === undefined ? request : request.set('cookie', cookie);
  return {
    post: (path: string, body?: unknown) =>
      auth(t.http.post(`/community/v1${path}`)).send(body as object),
    delete: (path: string) => auth(t.http.delete(`/community/v1${path}`)),
  };
};
/**
 * The log's events of a type, every one counted: `readAll` reads only below the oldest running
 * transaction, and on a shared server another test file's may hold that back for a moment.
 */
const eventsOfType = async (type: string) =>
  (await readWholeLog(t.eventStore)).filter((event) => event.type === type);

describe('sign-up', () => {
  it('joins a brand without custom auth and signs the member in', async () => {
    const response = await t.http
      .post(`/community/v1/brands/${open.brandId}/sign-up`)
      .send({ email: 'new@example.com', firstName: 'New' })
      .expect(201);
    expect(response.body).toEqual({
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
        username: 'new',
        firstName: 'New',
        lastName: null,
        email: 'new@example.com',
        isEmailVerified: false,
        isBanned: false,
        role: 'CUSTOMER',
        groupIds: [],
      },
    });
    const cookie = (response.headers['set-cookie'] as unknown as string[])[0]!;
    expect(cookie).toMatch(
      /^community_session=[\w-]{43}; Path=\/community\/v1; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/,
    );
    const listed = await t.http
      .get('/api/v1/members?limit=100')
      .set('authorization', bearer(open.key))
      .expect(200);
    expect((listed.body as { data: { email: string }[] }).data.map((m) => m.email)).toContain(
      'new@example.com',
    );
  });

  it('is refused for custom-auth brands (403 SIGN_UP_NOT_ALLOWED) and unknown brands (404), writing nothing', async () => {
    const before = await eventCount(t);
    const custom = await t.http
      .post(`/community/v1/brands/${sso.brandId}/sign-up`)
      .send({ email: 'x@example.com', firstName: 'X' })
      .expect(403);
    expect(custom.body).toMatchObject({ code: 'SIGN_UP_NOT_ALLOWED' });
    await t.http
      .post(`/community/v1/brands/${unknownId}/sign-up`)
      .send({ email: 'x@example.com', firstName: 'X' })
      .expect(404);
    expect(await eventCount(t)).toBe(before);
  });
});

describe('sessions', () => {
  it.each([
    ['no cookie', undefined],
    ['a malformed cookie', 'community_session=nope'],
    ['an unknown session', `community_session=${'A'.repeat(43)}`],
  ])('answers %s with 401 SESSION_REQUIRED on every command', async (_name, cookie) => {
    const calls = [
      community(cookie).post(`/rooms/${room}/posts`, {
        type: 'TEXT',
        title: 'x',
        contentHtml: 'x',
      }),
      community(cookie).post(`/posts/${unknownId}/pin`),
      community(cookie).delete(`/posts/${unknownId}/pin`),
      community(cookie).post(`/posts/${unknownId}/likes`),
      community(cookie).post(`/posts/${unknownId}/comments`, { contentHtml: 'x' }),
      community(cookie).post(`/comments/${unknownId}/likes`),
    ];
    for (const call of calls) {
      expect(errorOf(await call.expect(401))).toEqual({
        message: 'Sign-in required',
        code: 'SESSION_REQUIRED',
        statusCode: 401,
      });
    }
  });
});

describe('posts, pins, likes and comments', () => {
  it('creates each post type, sanitising its HTML with the allow-list', async () => {
    for (const type of ['TEXT', 'PRODUCT_REVIEW', 'POLL', 'WELCOME']) {
      const post = await createPost(t, member.cookie, room, {
        type,
        title: `A ${type}`,
        contentHtml:
          '<h2 style="color:red">Hi</h2><p onmouseover="steal()">Look <a href="javascript:steal()">here</a> and <a href="https://shop.example.com">there</a></p><script>steal()</script><iframe src="https://evil.example.com"></iframe><img src="https://cdn.example.com/a.png" onerror="steal()">',
      });
      expect(post).toMatchObject({
        type,
        roomId: room,
        userId: member.userId,
        isPinned: false,
        isPublished: true,
        url: `https://community.example.com/posts/${post.id}`,
        contentHtml:
          '<h2>Hi</h2><p>Look <a rel="noopener noreferrer nofollow" target="_blank">here</a> and <a href="https://shop.example.com" rel="noopener noreferrer nofollow" target="_blank">there</a></p><img src="https://cdn.example.com/a.png" />',
      });
      expect(post.publishedAt).toBe(post.createdAt);
    }
  });

  it('refuses posts in unknown rooms and in other brands’ rooms with 404', async () => {
    for (const roomId of [unknownId, ssoRoom]) {
      const response = await community(member.cookie)
        .post(`/rooms/${roomId}/posts`, { type: 'TEXT', title: 'x', contentHtml: '<p>x</p>' })
        .expect(404);
      expect(response.body).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('records a like once per member, however often it is sent', async () => {
    const post = await createPost(t, member.cookie, room);
    const likesBefore = (await eventsOfType('PostLiked')).length;
    const responses = await Promise.all(
      [1, 2, 3].map(() => community(member.cookie).post(`/posts/${post.id}/likes`)),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(responses[0]!.body).toEqual({ data: { postId: post.id, liked: true } });
    const likes = await eventsOfType('PostLiked');
    expect(likes).toHaveLength(likesBefore + 1);
    expect(likes.at(-1)!.data).toEqual({
      postId: post.id,
      roomId: room,
      memberId: member.userId,
      member: { id: member.userId, customAuthSub: null, email: 'ada@example.com' },
    });
    await community(member.cookie).post(`/posts/${unknownId}/likes`).expect(404);
  });

  it('comments and likes comments once per member', async () => {
    const post = await createPost(t, member.cookie, room, { title: 'Commented' });
    const response = await community(member.cookie)
      .post(`/posts/${post.id}/comments`, {
        contentHtml: '<p>Nice <b>run</b><script>x()</script></p>',
      })
      .expect(201);
    const comment = (response.body as { data: { id: string } }).data;
    expect(comment).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      postId: post.id,
      userId: member.userId,
      contentHtml: '<p>Nice <b>run</b></p>',
      createdAt: expect.any(String) as string,
    });
    const created = (await eventsOfType('PostCommentCreated')).at(-1)!;
    expect(created.data).toMatchObject({ postTitle: 'Commented', postCommentId: comment.id });
    const before = (await eventsOfType('PostCommentLiked')).length;
    await community(member.cookie).post(`/comments/${comment.id}/likes`).expect(200);
    await community(member.cookie).post(`/comments/${comment.id}/likes`).expect(200);
    expect(await eventsOfType('PostCommentLiked')).toHaveLength(before + 1);
    await community(member.cookie)
      .post(`/posts/${unknownId}/comments`, { contentHtml: 'x' })
      .expect(404);
    await community(member.cookie).post(`/comments/${unknownId}/likes`).expect(404);
  });

  it('lets moderators and admins pin and unpin; customers get 403 ROLE_REQUIRED', async () => {
    const post = await createPost(t, member.cookie, room, { title: 'Pin me' });
    const refused = await community(member.cookie).post(`/posts/${post.id}/pin`).expect(403);
    expect(errorOf(refused)).toEqual({
      message: 'Only moderators and admins can do this',
      code: 'ROLE_REQUIRED',
      statusCode: 403,
    });
    // The moderator signs in through a magic link, so they belong to the custom-auth brand;
    // an operator promotes them, and the session they already have gains the role.
    const ssoModerator = await signIn(t, sso.key, 'auth0|mod');
    await setMemberRole(t, sso.brandId, ssoModerator.userId, 'MODERATOR');
    const ssoMember = await signIn(t, sso.key, 'auth0|writer');
    const ssoPost = await createPost(t, ssoMember.cookie, ssoRoom, { title: 'Pin me too' });
    const pinned = await community(ssoModerator.cookie)
      .post(`/posts/${ssoPost.id}/pin`)
      .expect(200);
    expect(pinned.body).toMatchObject({ data: { id: ssoPost.id, isPinned: true } });
    await community(ssoModerator.cookie).post(`/posts/${ssoPost.id}/pin`).expect(200);
    expect(await eventsOfType('PostPinned')).toHaveLength(1);
    const listed = await t.http
      .get(`/api/v1/posts?roomId=${ssoRoom}`)
      .set('authorization', bearer(sso.key))
      .expect(200);
    expect((listed.body as { data: { isPinned: boolean }[] }).data[0]!.isPinned).toBe(true);
    const unpinned = await community(ssoModerator.cookie)
      .delete(`/posts/${ssoPost.id}/pin`)
      .expect(200);
    expect(unpinned.body).toMatchObject({ data: { isPinned: false } });
    // Another brand's post is not found, even for a moderator.
    await community(ssoModerator.cookie).post(`/posts/${post.id}/pin`).expect(404);
  });

  it('refuses every command of a banned member with 403 MEMBER_BANNED, writing nothing', async () => {
    const victim = await signUp(t, open.brandId, { email: 'banned@example.com', firstName: 'Ban' });
    const post = await createPost(t, victim.cookie, room, { title: 'Before the ban' });
    const comment = (
      (
        await community(victim.cookie)
          .post(`/posts/${post.id}/comments`, { contentHtml: 'x' })
          .expect(201)
      ).body as {
        data: { id: string };
      }
    ).data;
    await t.http
      .patch(`/api/v1/members/${victim.userId}`)
      .set('authorization', bearer(open.key))
      .send({ isBanned: true })
      .expect(200);
    const before = await eventCount(t);
    for (const call of [
      community(victim.cookie).post(`/rooms/${room}/posts`, {
        type: 'TEXT',
        title: 'x',
        contentHtml: '<p>x</p>',
      }),
      community(victim.cookie).post(`/posts/${post.id}/pin`),
      community(victim.cookie).delete(`/posts/${post.id}/pin`),
      community(victim.cookie).post(`/posts/${post.id}/likes`),
      community(victim.cookie).post(`/posts/${post.id}/comments`, { contentHtml: 'x' }),
      community(victim.cookie).post(`/comments/${comment.id}/likes`),
    ]) {
      expect((await call.expect(403)).body).toMatchObject({ code: 'MEMBER_BANNED' });
    }
    expect(await eventCount(t)).toBe(before);
  });
});

describe('validation of community commands: 400 naming the field, nothing written', () => {
  /** A post the API takes: each row below leaves out or spoils one of its fields. */
  const validPost = { type: 'TEXT', title: 't', contentHtml: 'x' };
  it.each<[string, string, unknown, string]>([
    ['a post without type', 'posts', { title: 't', contentHtml: 'x' }, '/type'],
    ['a post of an unknown type', 'posts', { ...validPost, type: 'STORY' }, '/type'],
    ['a post without title', 'posts', { type: 'TEXT', contentHtml: 'x' }, '/title'],
    ['a post with a blank title', 'posts', { ...validPost, title: '   ' }, '/title'],
    [
      'a post with a title of 301 characters',
      'posts',
      { ...validPost, title: 'x'.repeat(301) },
      '/title',
    ],
    ['a post without content', 'posts', { type: 'TEXT', title: 't' }, '/contentHtml'],
    [
      'a post of only a script',
      'posts',
      { ...validPost, contentHtml: '<script>x()</script>' },
      '/contentHtml',
    ],
    ['a post with an unknown field', 'posts', { ...validPost, pinned: true }, '/pinned'],
    ['a comment without content', 'comments', {}, '/contentHtml'],
    [
      'a comment of only an iframe',
      'comments',
      { contentHtml: '<iframe src="https://x.example"></iframe>' },
      '/contentHtml',
    ],
  ])('%s', async (_name, target, body, field) => {
    const post = await createPost(t, member.cookie, room);
    const path = target === 'posts' ? `/rooms/${room}/posts` : `/posts/${post.id}/comments`;
    const before = await eventCount(t);
    const response = await community(member.cookie).post(path, body).expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: expect.arrayContaining([expect.objectContaining({ field })]) as unknown,
    });
    expect(await eventCount(t)).toBe(before);
  });

  it.each([
    ['sign-up without email', { firstName: 'X' }, '/email'],
    ['sign-up with a bad email', { email: 'x', firstName: 'X' }, '/email'],
    ['sign-up without firstName', { email: 'x@example.com' }, '/firstName'],
  ])('%s', async (_name, body, field) => {
    const before = await eventCount(t);
    const response = await t.http
      .post(`/community/v1/brands/${open.brandId}/sign-up`)
      .send(body)
      .expect(400);
    expect(response.body).toMatchObject({
      details: expect.arrayContaining([expect.objectContaining({ field })]) as unknown,
    });
    expect(await eventCount(t)).toBe(before);
  });

  it('refuses ids that are not uuids', async () => {
    await community(member.cookie).post('/posts/42/likes').expect(400);
    await community(member.cookie)
      .post('/rooms/general/posts', { type: 'TEXT', title: 't', contentHtml: 'x' })
      .expect(400);
  });
});

describe('GET /posts', () => {
  it('pages with limit and after, filters by roomId and createdAtAfter, and needs posts:read', async () => {
    const brandB = await brand(t, { customAuth: false, name: 'Posts' });
    const [roomA, roomB] = [
      await createRoom(t, brandB.brandId, 'A'),
      await createRoom(t, brandB.brandId, 'B'),
    ];
    const writer = await signUp(t, brandB.brandId, { email: 'w@example.com', firstName: 'W' });
    const posts = [];
    for (const [index, roomId] of [roomA, roomB, roomA, roomA, roomB].entries()) {
      posts.push(await createPost(t, writer.cookie, roomId, { title: `Post ${index}` }));
    }
    const get = (query: string) =>
      t.http.get(`/api/v1/posts${query}`).set('authorization', bearer(brandB.key)).expect(200);
    const first = (await get('?limit=2')).body as {
      data: { id: string }[];
      hasMore: boolean;
      nextCursor: string;
    };
    expect(first.data.map((p) => p.id)).toEqual([posts[0]!.id, posts[1]!.id]);
    expect(first.hasMore).toBe(true);
    const rest = (await get(`?limit=10&after=${first.nextCursor}`)).body as {
      data: { id: string }[];
      hasMore: boolean;
    };
    expect(rest.data.map((p) => p.id)).toEqual([posts[2]!.id, posts[3]!.id, posts[4]!.id]);
    expect(rest.hasMore).toBe(false);
    const inA = (
      await get(
        `?roomId=${roomA}&createdAtAfter=${encodeURIComponent(String(posts[0]!.createdAt))}`,
      )
    ).body as {
      data: { id: string; url: string }[];
    };
    expect(inA.data.map((p) => p.id)).toEqual([posts[2]!.id, posts[3]!.id]);
    expect(inA.data[0]!.url).toBe(`https://community.example.com/posts/${posts[2]!.id}`);
    const reader = await t.brandWithKey(['members:read']);
    await t.http.get('/api/v1/posts').set('authorization', bearer(reader.key)).expect(403);
    for (const [query, field] of [
      ['?limit=0', '/limit'],
      ['?limit=101', '/limit'],
      ['?roomId=general', '/roomId'],
      ['?createdAtAfter=yesterday', '/createdAtAfter'],
      ['?after=bm9wZQ', '/after'],
    ]) {
      const response = await t.http
        .get(`/api/v1/posts${query}`)
        .set('authorization', bearer(brandB.key))
        .expect(400);
      expect(response.body).toMatchObject({ details: [expect.objectContaining({ field })] });
    }
  });
});

describe('rooms on the operator API', () => {
  it('creates rooms for existing brands only, and validates the name', async () => {
    const created = await t.http
      .post(`/admin/v1/brands/${open.brandId}/rooms`)
      .set('authorization', adminAuth)
      .send({ name: '  Trail talk ' })
      .expect(201);
    expect(created.body).toEqual({
      data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string, name: 'Trail talk' },
    });
    await t.http
      .post(`/admin/v1/brands/${unknownId}/rooms`)
      .set('authorization', adminAuth)
      .send({ name: 'x' })
      .expect(404);
    await t.http.post(`/admin/v1/brands/${open.brandId}/rooms`).send({ name: 'x' }).expect(401);
    const before = await eventCount(t);
    for (const body of [
      {},
      { name: '' },
      { name: ' ' },
      { name: 'x'.repeat(101) },
      { name: 'x', extra: 1 },
    ]) {
      await t.http
        .post(`/admin/v1/brands/${open.brandId}/rooms`)
        .set('authorization', adminAuth)
        .send(body)
        .expect(400);
    }
    expect(await eventCount(t)).toBe(before);
  });
});
