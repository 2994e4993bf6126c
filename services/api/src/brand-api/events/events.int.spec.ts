import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookMessageId } from '@brand-api/domain';
import { inlineWritesLock } from '@brand-api/event-store';
import type { Transaction } from '@brand-api/event-store';
import { holdTransaction, itOnServer, readWholeLog } from '@brand-api/event-store/testing';
import { openSse } from '../../bench/sse-reader';
import type { SseConnection, SseEvent } from '../../bench/sse-reader';
import { errorOf } from '../../testing/error-body';
import { recordedLog } from '../../testing/log-lines';
import { createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import {
  bearer,
  brand,
  createMagicLink,
  createPost,
  createRoom,
  everyCommunityScope,
  signIn,
} from '../../testing/community-kit';
import { createApiFeatures } from '../index';
import { createEventsFeature } from './index';

jest.setTimeout(120_000);

let t: TestApp;
let server: Server;
let base: string;
let key: string;
let brandId: string;
let other: { key: string; brandId: string };

interface FeedEvent {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}
interface Page {
  hasMore: boolean;
  data: FeedEvent[];
  nextCursor: string;
}

const scopes = [...everyCommunityScope];
const log = recordedLog();

beforeAll(async () => {
  const [catalogue, community] = createApiFeatures();
  t = await createTestApp({
    deps: {
      logger: log.logger,
      features: [
        catalogue!,
        community!,
        // No poll within a test's time: every event must reach a stream by a wake-up, or by
        // the quick re-read while it waits behind an older write.
        createEventsFeature({
          timing: { heartbeatMs: 200, pollMs: 60_000 },
          streamsPerKey: 3,
        }),
      ],
    },
  });
  const callback = t.app.callback();
  server = createServer((req, res) => void callback(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  ({ key, brandId } = await brand(t, { customAuth: true, scopes }));
  other = await brand(t, { customAuth: true, scopes, name: 'Other brand' });
});
afterAll(async () => {
  // Streams end when their clients hang up: nothing of it is logged as a failure.
  expect(log.lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

let joined = 0;
/** A new member through a magic link: one `user.joined` event of the key's brand. */
async function join(apiKey = key): Promise<string> {
  joined += 1;
  const { userId } = await createMagicLink(t, apiKey, {
    customAuthSub: `sub-${joined}`,
    email: `member${joined}@example.com`,
    firstName: 'Ada',
  });
  return userId;
}

const feed = (query = '', apiKey = key) =>
  t.http.get(`/api/v1/events${query}`).set('authorization', bearer(apiKey));

async function page(query = ''): Promise<Page> {
  const response = await feed(query).expect(200);
  return response.body as Page;
}

/** Every event of the brand's feed, page by page. */
async function wholeFeed(query = '', limit = 3): Promise<FeedEvent[]> {
  const events: FeedEvent[] = [];
  let cursor: string | undefined;
  for (;;) {
    const params = new URLSearchParams(query);
    params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const { data, hasMore, nextCursor } = await page(`?${params.toString()}`);
    events.push(...data);
    cursor = nextCursor;
    if (!hasMore) return events;
  }
}

/** A stream whose events are collected; `until(n)` waits for the n-th. */
async function stream(headers: Record<string, string> = {}, query = '', apiKey = key) {
  const events: SseEvent[] = [];
  let notify = () => undefined as void;
  const connection = await openSse(
    `${base}/events/stream${query}`,
    { authorization: bearer(apiKey), ...headers },
    (event) => {
      events.push(event);
      notify();
    },
  );
  const until = async (count: number, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (events.length < count) {
      if (Date.now() > deadline) throw new Error(`${events.length} of ${count} events arrived`);
      await new Promise<void>((resolve) => {
        notify = resolve;
        setTimeout(resolve, 50);
      });
    }
    return events;
  };
  return { connection, events, until };
}

describe('GET /events', () => {
  let members: string[];
  beforeAll(async () => {
    members = [await join(), await join(), await join()];
    await join(other.key);
    const roomId = await createRoom(t, brandId);
    const { cookie } = await signIn(t, key, 'sub-1');
    await createPost(t, cookie, roomId, { title: 'Trail report' });
  });

  it('lists the brand’s events from its first, with the webhook’s id and body', async () => {
    const events = await wholeFeed();
    expect(events.map((event) => event.type)).toEqual([
      'user.joined',
      'user.joined',
      'user.joined',
      'post.created',
    ]);
    expect(events.slice(0, 3).map((event) => event.data.userId)).toEqual(members);
    const log = await readWholeLog(t.eventStore);
    const sources = log.filter(
      (event) =>
        ['MemberJoined', 'PostCreated'].includes(event.type) &&
        (event.metadata as { brandId?: string }).brandId === brandId,
    );
    expect(events.map((event) => event.id)).toEqual(
      sources.map((event) => webhookMessageId(event.id)),
    );
    expect(events[0]).toEqual({
      id: expect.stringMatching(/^msg_[\w-]{27}$/) as unknown,
      type: 'user.joined',
      timestamp: (sources[0]!.metadata as { occurredAt: string }).occurredAt,
      data: {
        userId: members[0],
        email: 'member1@example.com',
        phoneNumber: null,
        user: { id: members[0], customAuthSub: 'sub-1', email: 'member1@example.com' },
      },
    });
    expect(events[3]!.data).toMatchObject({ title: 'Trail report', userId: members[0] });
  });

  it('pages with limit and a cursor that goes on with what is written later', async () => {
    const first = await page('?limit=2');
    expect(first.data).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const rest = await page(`?limit=100&cursor=${first.nextCursor}`);
    expect(rest.hasMore).toBe(false);
    expect(rest.data.map((event) => event.type)).toEqual(['user.joined', 'post.created']);
    const empty = await page(`?cursor=${rest.nextCursor}`);
    expect(empty).toEqual({ hasMore: false, data: [], nextCursor: rest.nextCursor });
    const later = await join();
    // At once: only an older write of the feed still running could hold it back, and none runs.
    const since = await page(`?cursor=${rest.nextCursor}`);
    expect(since.data.map((event) => event.data.userId)).toEqual([later]);
    expect((await page()).data).toHaveLength(5);
  });

  it('filters by types and createdAfter', async () => {
    const posts = await wholeFeed('types=post.created,post.liked');
    expect(posts.map((event) => event.type)).toEqual(['post.created']);
    const all = await wholeFeed();
    const after = all[2]!.timestamp;
    const recent = await wholeFeed(`createdAfter=${encodeURIComponent(after)}`);
    expect(recent.map((event) => event.id)).toEqual(
      all.filter((event) => event.timestamp > after).map((event) => event.id),
    );
  });

  it('never shows another brand’s events', async () => {
    const mine = await wholeFeed();
    const theirs = (await feed('?limit=100', other.key).expect(200)).body as Page;
    expect(theirs.data).toHaveLength(1);
    expect(mine.map((event) => event.id)).not.toContain(theirs.data[0]!.id);
    // A cursor is a position, not a permission: it still shows only the caller's events.
    const fromTheirs = (await feed(`?cursor=${theirs.nextCursor}`, key).expect(200)).body as Page;
    for (const event of fromTheirs.data) expect(mine.map((e) => e.id)).toContain(event.id);
  });

  it.each([
    ['?limit=0', '/limit'],
    ['?limit=101', '/limit'],
    ['?cursor=not-a-cursor', '/cursor'],
    ['?types=user.joined,order.paid', '/types'],
    ['?types=', '/types'],
    ['?createdAfter=yesterday', '/createdAfter'],
    ['?since=1', '/since'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await feed(query).expect(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400 });
    expect(JSON.stringify(response.body)).toContain(field);
  });

  it('needs events:read: 403 for a key without it, on the feed and the stream', async () => {
    const { key: narrow } = await t.brandWithKey(['posts:read']);
    const response = await feed('', narrow).expect(403);
    expect(errorOf(response)).toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });
    const { connection } = await stream({}, '', narrow);
    expect(connection.status).toBe(403);
    expect(JSON.parse(connection.body)).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('GET /events/stream', () => {
  it('sends what is written after it opened, with ids, types and webhook bodies', async () => {
    await join();
    const { connection, until } = await stream({ 'accept-encoding': 'gzip, br' });
    expect(connection.status).toBe(200);
    expect(connection.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    expect(connection.headers['content-encoding']).toBeUndefined();
    const userId = await join();
    await join(other.key);
    const postUser = await join();
    const [first, second] = await until(2);
    connection.close();
    expect(first!.event).toBe('user.joined');
    expect(JSON.parse(first!.data)).toMatchObject({ type: 'user.joined', data: { userId } });
    expect(JSON.parse(second!.data)).toMatchObject({ data: { userId: postUser } });
    // The same id and body as the feed's event.
    const fed = (await page('?limit=100')).data.find((event) => event.id === first!.id)!;
    const { id: _id, ...body } = fed;
    expect(JSON.parse(first!.data)).toEqual(body);
  });

  it('resumes after Last-Event-ID, or after a feed cursor, losing and repeating nothing', async () => {
    const all = (await page('?limit=100')).data;
    const middle = all[2]!;
    const resumed = await stream({ 'last-event-id': middle.id });
    const tail = await resumed.until(all.length - 3);
    resumed.connection.close();
    expect(tail.map((event) => event.id)).toEqual(all.slice(3).map((event) => event.id));

    const cursor = (await page('?limit=3')).nextCursor;
    const fromCursor = await stream({}, `?cursor=${cursor}&types=user.joined`);
    const wanted = all.slice(3).filter((event) => event.type === 'user.joined');
    const got = await fromCursor.until(wanted.length);
    fromCursor.connection.close();
    expect(got.map((event) => event.id)).toEqual(wanted.map((event) => event.id));
  });

  it('refuses an unknown Last-Event-ID, or another brand’s, with 400', async () => {
    const theirs = ((await feed('?limit=1', other.key).expect(200)).body as Page).data[0]!;
    for (const id of ['msg_unknown', theirs.id]) {
      const { connection } = await stream({ 'last-event-id': id });
      expect(connection.status).toBe(400);
      expect(JSON.parse(connection.body)).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ location: 'header', field: 'Last-Event-ID' }],
      });
    }
  });

  itOnServer(
    'sends an event while another transaction runs, and one held behind an older write as soon as that write ends',
    'a transaction left open beside the app needs a second connection',
    async () => {
      const second = t.testDb.connect(2);
      const { connection, events, until } = await stream();
      // Any transaction, however old, holds nothing back but an inline write of the feed.
      const takeId = (tx: Transaction) => tx.query('SELECT pg_current_xact_id()');
      const unrelated = holdTransaction(second, takeId);
      await unrelated.ready;
      const first = await join();
      await until(1, 5_000);
      expect(JSON.parse(events[0]!.data)).toMatchObject({ data: { userId: first } });
      unrelated.end();
      await unrelated.done;

      // An inline write older than the next one, still running: the next waits behind it, and
      // goes out when it ends, here by a rollback (which wakes nothing; the stream re-reads).
      const older = holdTransaction(second, takeId, [inlineWritesLock('shared')]);
      await older.ready;
      const held = await join();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(events).toHaveLength(1);
      older.end(new Error('rolled back'));
      await expect(older.done).rejects.toThrow('rolled back');
      await until(2, 5_000);
      connection.close();
      expect(JSON.parse(events[1]!.data)).toMatchObject({ data: { userId: held } });
    },
  );

  it('pings an idle stream', async () => {
    const { connection } = await stream();
    await new Promise((resolve) => setTimeout(resolve, 700));
    connection.close();
    expect(connection.comments.filter((comment) => comment === 'ping').length).toBeGreaterThan(1);
  });

  it('bounds the open streams of a key: 429 in the error format beyond it, a slot freed on close', async () => {
    const open: SseConnection[] = [];
    for (let i = 0; i < 3; i++) open.push((await stream()).connection);
    expect(open.map((connection) => connection.status)).toEqual([200, 200, 200]);
    const refused = (await stream()).connection;
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 });
    expect(refused.headers['retry-after']).toBe('5');
    // Another key of the brand has its own streams.
    const { key: second } = await t.brandWithKey(['events:read']);
    const theirs = (await stream({}, '', second)).connection;
    expect(theirs.status).toBe(200);
    theirs.close();
    open[0]!.close();
    await open[0]!.ended;
    let again: SseConnection | undefined;
    for (let attempt = 0; attempt < 50 && again?.status !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = (await stream()).connection;
    }
    expect(again!.status).toBe(200);
    for (const connection of [...open, again!]) connection.close();
  });
});
