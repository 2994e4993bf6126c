/**
 * The stream loses and repeats nothing across forced disconnects: 5,000 events written by
 * concurrent writers (so transactions commit out of order) while a reader is cut off 20 times,
 * mid-stream, and reconnects each time with the `Last-Event-ID` of the last event it got.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openSse } from '../../bench/sse-reader';
import type { SseConnection } from '../../bench/sse-reader';
import { createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { bearer, brand } from '../../testing/community-kit.spec';

jest.setTimeout(600_000);

const totalEvents = 5_000;
const disconnects = 20;
const writers = 16;

let t: TestApp;
let server: Server;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  const callback = t.app.callback();
  server = createServer((req, res) => void callback(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

it(`loses and repeats nothing across ${disconnects} forced disconnects during ${totalEvents} events`, async () => {
  const { key } = await brand(t, { customAuth: true, scopes: ['events:read', 'magic_link:write'] });
  const received: string[] = [];
  let forced = 0;
  let connection: SseConnection | undefined;
  let reconnecting: Promise<void> = Promise.resolve();

  const connect = async (lastEventId: string | undefined): Promise<void> => {
    const headers: Record<string, string> = { authorization: bearer(key) };
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    const opened = await openSse(`${base}/api/v1/events/stream`, headers, (event) => {
      if (event.id === undefined || opened !== connection) return;
      received.push(event.id);
      // Cut the connection every 240 events, mid-stream (frames may be in flight).
      if (received.length % 240 === 0 && forced < disconnects) {
        forced += 1;
        opened.close();
        connection = undefined;
        reconnecting = connect(event.id);
      }
    });
    expect(opened.status).toBe(200);
    connection = opened;
  };
  await connect(undefined);

  // Writers: each new member is one user.joined event of the brand.
  let next = 0;
  const write = async () => {
    while (next < totalEvents) {
      const n = (next += 1);
      const response = await fetch(`${base}/api/v1/magic-link`, {
        method: 'POST',
        headers: { authorization: bearer(key), 'content-type': 'application/json' },
        body: JSON.stringify({
          customAuthSub: `resume-${n}`,
          email: `resume${n}@example.com`,
          firstName: 'Ada',
        }),
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: writers }, write));

  const deadline = Date.now() + 60_000;
  while (received.length < totalEvents && Date.now() < deadline) {
    await reconnecting;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A moment more: anything repeated after the last one would arrive now.
  await new Promise((resolve) => setTimeout(resolve, 500));
  connection?.close();

  const feed: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const response = await fetch(
      `${base}/api/v1/events?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      { headers: { authorization: bearer(key) } },
    );
    const page = (await response.json()) as {
      data: { id: string }[];
      hasMore: boolean;
      nextCursor: string;
    };
    feed.push(...page.data.map((event) => event.id));
    cursor = page.nextCursor;
    if (!page.hasMore) break;
  }

  expect(forced).toBe(disconnects);
  expect(feed).toHaveLength(totalEvents);
  const repeated = received.length - new Set(received).size;
  const lost = feed.filter((id) => !received.includes(id)).length;
  expect({ received: received.length, repeated, lost }).toEqual({
    received: totalEvents,
    repeated: 0,
    lost: 0,
  });
  // And in the feed's order.
  expect(received).toEqual(feed);
});
