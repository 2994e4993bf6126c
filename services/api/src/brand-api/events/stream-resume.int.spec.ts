/**
 * The stream loses and repeats nothing across forced disconnects: 5,000 events written by
 * concurrent appenders (so transactions commit out of order on a server) while a reader is cut
 * off 20 times, mid-stream, and reconnects each time with the `Last-Event-ID` of the last event
 * it got; then the feed, page by page, must list the same 5,000 in the same order.
 *
 * On both databases: on PGlite the transaction ids of a fresh database pass 999 during the run,
 * which is how this test found the feed ordering its pages by the positions' text ('1000'
 * before '999': the stream and the feed skipped events; read-models/src/event-feed/queries.ts).
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { aMember, memberJoined } from '@brand-api/webhooks/testing';
import { openSse } from '../../bench/sse-reader';
import type { SseConnection } from '../../bench/sse-reader';
import { createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { bearer, brand } from '../../testing/community-kit';
import { recordedLog } from '../../testing/log-lines';

jest.setTimeout(600_000);

const totalEvents = 5_000;
const disconnects = 20;
const writers = 8;

let t: TestApp;
let server: Server;
let base: string;
const log = recordedLog();

beforeAll(async () => {
  t = await createTestApp({ deps: { logger: log.logger } });
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
  const { key, brandId } = await brand(t, { customAuth: true, scopes: ['events:read'] });
  const received: string[] = [];
  let forced = 0;
  const connections: SseConnection[] = [];
  let reconnecting: Promise<void> = Promise.resolve();
  let generations = 0;

  const connect = async (lastEventId: string | undefined): Promise<void> => {
    const headers: Record<string, string> = { authorization: bearer(key) };
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    const generation = (generations += 1);
    const opened = await openSse(`${base}/api/v1/events/stream`, headers, (event, self) => {
      // Frames still parsed after a forced close are not received: the client dropped them.
      if (event.id === undefined || generation !== generations || self.closed) return;
      received.push(event.id);
      // Cut the connection every 240 events, mid-stream (frames may be in flight).
      if (received.length % 240 === 0 && forced < disconnects) {
        forced += 1;
        self.close();
        reconnecting = connect(event.id);
      }
    });
    expect(opened.status).toBe(200);
    connections.push(opened);
  };
  await connect(undefined);

  // Writers: each new member is one user.joined event of the brand, appended in its own
  // transaction by one of several concurrent appenders, so commits interleave and land out of
  // order. They go past the HTTP layer to make 5,000 events in seconds (the API's write path
  // is events.int.spec's and bench:events' part).
  let next = 0;
  const write = async () => {
    while (next < totalEvents) {
      next += 1;
      const member = aMember();
      await t.eventStore.appendToStream(`member-${member.id}`, [memberJoined(brandId, member)], {
        expectedVersion: 'no_stream',
      });
    }
  };
  await Promise.all(Array.from({ length: writers }, write));

  // The feed's rows commit with each append (inline); with the read models applied by the
  // runner instead (EVENT_STORE_SINGLE_STREAM=true), wait until they have the log's head.
  expect(await t.runner.waitFor(await t.eventStore.headPosition(), 300_000)).toBe(true);
  const deadline = Date.now() + 60_000;
  while (received.length < totalEvents && Date.now() < deadline) {
    await reconnecting;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A moment more: anything repeated after the last one would arrive now.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const connection of connections) connection.close();

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
  // A client that hangs up mid-stream is how streams end, not a failure to log.
  expect(log.lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
});
