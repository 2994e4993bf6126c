/**
 * The acceptance story of the webhooks issue, through HTTP only: an operator registers endpoints;
 * members join, post, like and comment through the community API; a real receiver on 127.0.0.1
 * gets each of the five events and verifies it with `standardwebhooks` and the endpoint secret.
 * An endpoint answering 410 is disabled after one attempt.
 */
import { createPostgresEventStore } from '@brand-api/event-store';
import { createWebhookWorker } from '@brand-api/webhooks';
import type { WebhookWorker } from '@brand-api/webhooks';
import { startWebhookReceiver, verifyWebhook } from '@brand-api/webhooks/testing';
import type { ReceivedWebhook, WebhookReceiver } from '@brand-api/webhooks/testing';
import {
  brand,
  createMagicLink,
  createRoom,
  follow,
  sessionCookie,
} from '../../testing/community-kit';
import { adminAuth, createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

jest.setTimeout(120_000);

interface Envelope {
  type: string;
  timestamp: string;
  data: Record<string, unknown> & {
    user: { id: string; customAuthSub: string | null; email: string };
  };
}

let t: TestApp;
let worker: WebhookWorker;
let receiver: WebhookReceiver;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
  t = await createTestApp();
  receiver = await startWebhookReceiver();
  // On a server the worker has its own pool, as in the runtime (its locks and LISTENs hold
  // connections for good).
  const db = t.testDb.url ? t.testDb.connect(8) : t.testDb.db;
  worker = createWebhookWorker({
    db,
    store: t.testDb.url ? createPostgresEventStore(db) : t.eventStore,
    policy: { allowPrivateTargets: true },
    projectorPollMs: 20,
    deliverer: { pollMs: 100 },
  });
  await worker.start();
});

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  await worker.stop();
  await receiver.close();
  await t.close();
});

const register = async (brandId: string, body: object) =>
  (
    await t.http
      .post(`/admin/v1/brands/${brandId}/webhook-endpoints`)
      .set('authorization', adminAuth)
      .send(body)
      .expect(201)
  ).body as { data: { id: string; secret: string } };

/** Signs a member in through a magic link; returns their id and session cookie. */
async function signIn(key: string, sub: string, email: string) {
  const { magicLink, userId } = await createMagicLink(t, key, {
    customAuthSub: sub,
    email,
    firstName: sub,
  });
  const cookie = sessionCookie(await follow(t, magicLink).expect(302));
  return { userId, cookie };
}

it('delivers all five events, each verifiable with the endpoint secret', async () => {
  const { brandId, key } = await brand(t, { customAuth: true });
  const roomId = await createRoom(t, brandId);
  const all = await register(brandId, { url: receiver.url('/all') });
  const comments = await register(brandId, {
    url: receiver.url('/comments'),
    eventTypes: ['post_comment.created', 'post_comment.liked'],
  });

  const ada = await signIn(key, 'auth0|ada', 'ada@example.com');
  const [joined] = await receiver.waitFor(1, { path: '/all' });
  const post = (
    await t.http
      .post(`/community/v1/rooms/${roomId}/posts`)
      .set('cookie', ada.cookie)
      .send({ type: 'TEXT', title: 'Ten miles', contentHtml: '<p>In the rain.</p>' })
      .expect(201)
  ).body as { data: { id: string } };
  const grace = await signIn(key, 'auth0|grace', 'grace@example.com');
  await t.http
    .post(`/community/v1/posts/${post.data.id}/likes`)
    .set('cookie', grace.cookie)
    .expect(200);
  const comment = (
    await t.http
      .post(`/community/v1/posts/${post.data.id}/comments`)
      .set('cookie', grace.cookie)
      .send({ contentHtml: '<p>Great <b>route</b>!</p>' })
      .expect(201)
  ).body as { data: { id: string } };
  await t.http
    .post(`/community/v1/comments/${comment.data.id}/likes`)
    .set('cookie', ada.cookie)
    .expect(200);

  const received = await receiver.waitFor(6, { path: '/all' });
  const envelopes = received.map(
    (r: ReceivedWebhook) => verifyWebhook(all.data.secret, r) as Envelope,
  );
  const byType = (type: string) => envelopes.filter((e) => e.type === type);
  expect(envelopes.map((e) => e.type).slice(0, 2)).toEqual(['user.joined', 'post.created']);
  expect(joined!.id).toMatch(/^msg_/);

  const adaRef = { id: ada.userId, customAuthSub: 'auth0|ada', email: 'ada@example.com' };
  const graceRef = { id: grace.userId, customAuthSub: 'auth0|grace', email: 'grace@example.com' };
  expect(byType('user.joined').map((e) => e.data)).toEqual([
    { userId: ada.userId, email: 'ada@example.com', phoneNumber: null, user: adaRef },
    { userId: grace.userId, email: 'grace@example.com', phoneNumber: null, user: graceRef },
  ]);
  expect(byType('post.created')[0]!.data).toEqual({
    postId: post.data.id,
    userId: ada.userId,
    user: adaRef,
    title: 'Ten miles',
  });
  expect(byType('post.liked')[0]!.data).toEqual({
    postId: post.data.id,
    userId: grace.userId,
    user: graceRef,
  });
  expect(byType('post_comment.created')[0]!.data).toEqual({
    postId: post.data.id,
    postTitle: 'Ten miles',
    postCommentId: comment.data.id,
    plainTextContent: 'Great route!',
    userId: grace.userId,
    user: graceRef,
  });
  expect(byType('post_comment.liked')[0]!.data).toEqual({
    postId: post.data.id,
    postTitle: 'Ten miles',
    postCommentId: comment.data.id,
    userId: ada.userId,
    user: adaRef,
  });

  // The filtered endpoint got the two comment events only, under the same message ids.
  const filtered = await receiver.waitFor(2, { path: '/comments' });
  expect(
    filtered.map((r) => (verifyWebhook(comments.data.secret, r) as Envelope).type).sort(),
  ).toEqual(['post_comment.created', 'post_comment.liked']);
  expect(filtered.every((r) => received.some((a) => a.id === r.id))).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(receiver.receivedOn('/comments')).toHaveLength(2);
});

it('disables an endpoint that answers 410 after one attempt', async () => {
  const { brandId, key } = await brand(t, { customAuth: true });
  receiver.plan('/gone', () => ({ status: 410, body: 'gone' }));
  const gone = await register(brandId, { url: receiver.url('/gone') });
  await signIn(key, 'auth0|lin', 'lin@example.com');
  await receiver.waitFor(1, { path: '/gone' });

  const endpoint = `/admin/v1/brands/${brandId}/webhook-endpoints/${gone.data.id}`;
  let shown: { enabled: boolean; disabledReason: string | null } | undefined;
  for (let i = 0; i < 100 && shown?.enabled !== false; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    shown = (
      (await t.http.get(endpoint).set('authorization', adminAuth).expect(200)).body as {
        data: { enabled: boolean; disabledReason: string | null };
      }
    ).data;
  }
  expect(shown).toMatchObject({ enabled: false, disabledReason: 'gone' });
  const attempts = await t.http
    .get(`${endpoint}/attempts`)
    .set('authorization', adminAuth)
    .expect(200);
  expect((attempts.body as { data: unknown[] }).data).toEqual([
    expect.objectContaining({
      attempt: 1,
      statusCode: 410,
      outcome: 'failed',
      responseExcerpt: 'gone',
    }),
  ]);
  await signIn(key, 'auth0|max', 'max@example.com');
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(receiver.receivedOn('/gone')).toHaveLength(1);
});
