import { BrandApiClient, isWebhookEvent } from '@brand-api/client';
import type { FeedEvent } from '@brand-api/client';
import { eventually } from './testing/eventually';
import { startLiveApp, type LiveApp } from './testing/live-app';

jest.setTimeout(240_000);

describe('the events feed and stream through the client', () => {
  let live: LiveApp;
  let client: BrandApiClient;

  beforeAll(async () => {
    live = await startLiveApp();
    const { key } = await live.brand({ customAuth: true });
    client = new BrandApiClient({ apiKey: key, baseUrl: live.url, retry: { baseDelayMs: 50 } });
  });
  afterAll(() => live.close());

  const join = (sub: string) =>
    client.magicLinks.create({ customAuthSub: sub, email: `${sub}@example.com`, firstName: 'Ada' });

  it('streams new events, reconnects after a cut and resumes without losing or repeating one', async () => {
    const stop = new AbortController();
    const connects: boolean[] = [];
    let connected!: () => void;
    const firstConnect = new Promise<void>((resolve) => (connected = resolve));
    const stream = client.events.stream({
      signal: stop.signal,
      onConnect: ({ reconnect }) => {
        connects.push(reconnect);
        connected();
      },
    });
    const received: FeedEvent[] = [];
    const reading = (async () => {
      for await (const event of stream) {
        received.push(event);
        if (received.length === 1) {
          // Cut every connection, then write while the stream is down: it must come back by
          // itself and resume after the first event, so the second is neither lost nor repeated.
          live.cutConnections();
          await join('second');
        }
        if (received.length === 2) break;
      }
    })();
    // Write the first event only once the stream is open: it starts after it opened.
    await firstConnect;
    await join('first');
    await reading;
    stop.abort();

    expect(connects).toEqual([false, true]);
    expect(received.map((event) => event.type)).toEqual(['user.joined', 'user.joined']);
    const emails = received.map((event) =>
      isWebhookEvent(event, 'user.joined') ? event.data.email : '',
    );
    expect(emails).toEqual(['first@example.com', 'second@example.com']);
    expect(received[0]!.id).toMatch(/^msg_/);
    expect(new Set(received.map((event) => event.id)).size).toBe(2);

    // The feed has the same events, with the same ids and bodies.
    const feed = await eventually(async () => {
      const events: FeedEvent[] = [];
      for await (const event of client.events.all({ types: 'user.joined' })) events.push(event);
      return events.length === 2 ? events : undefined;
    });
    expect(feed).toEqual(received);
  });

  it('pages the feed from a cursor: what happened since, and nothing again', async () => {
    const pages = [];
    for await (const page of client.events.pages({ limit: 1 })) pages.push(page);
    const last = pages.at(-1)!;
    await join('third');
    const since = await eventually(async () => {
      const events: FeedEvent[] = [];
      for await (const event of client.events.all({ cursor: last.nextCursor })) events.push(event);
      return events.length > 0 ? events : undefined;
    });
    expect(since.map((event) => event.type === 'user.joined' && event.data.email)).toEqual([
      'third@example.com',
    ]);
  });
});
