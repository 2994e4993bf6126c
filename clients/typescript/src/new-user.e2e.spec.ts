/**
 * Issue 27's "done when", tried as a new user would: a fresh server started as `npm start` starts
 * it (the real runtime, its own data directory), and then only the client's public API with the
 * demo key it prints.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  freePort,
  spawnBrandApi,
  spawnTypeScript,
  stopRuntime as stop,
  type RuntimeChild,
} from '@brand-api/api/testing';
import { BrandApiClient, isWebhookEvent } from '@brand-api/client';
import type { FeedEvent } from '@brand-api/client';
import { Webhook } from 'standardwebhooks';
import { eventually } from './testing/eventually';
import { productBody } from './testing/product-body';

jest.setTimeout(900_000);

describe('a new user with the client and a fresh server', () => {
  let dataDir: string;
  let port: number;
  const children: RuntimeChild[] = [];
  let receiver: Server | undefined;
  const start = () => {
    const child = spawnBrandApi(['all'], {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    });
    children.push(child);
    return child;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'brand-api-new-user-'));
    port = await freePort();
  });
  afterAll(async () => {
    await Promise.all(children.map(stop));
    receiver?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('syncs, pages across a restart, signs up a member and gets user.joined every way', async () => {
    const first = start();
    // A first start runs initdb: minutes on a loaded machine.
    await first.waitForOutput(/"url":"http/, 400_000);
    const demoKey = /Demo API key: (bk_live_\w+)/.exec(
      await first.waitForOutput(/Demo API key: bk_live_\w+/),
    )![1]!;
    const url = `http://127.0.0.1:${port}`;
    const client = new BrandApiClient({
      apiKey: demoKey,
      baseUrl: url,
      // A restart takes seconds: retry long enough to outlast it.
      retry: { maxRetries: 40, baseDelayMs: 250, maxDelayMs: 2000 },
    });

    // 1,000 products through the bulk helper: 10 calls, no 429 reaches us.
    const storeIds = Array.from(
      { length: 1000 },
      (_, index) => `sku-${String(index).padStart(4, '0')}`,
    );
    const synced = await client.brandProducts.sync({ upsert: storeIds.map(productBody) });
    expect(synced).toMatchObject({ calls: 10, upserted: 1000 });

    // Page through them; halfway, the server stops and starts again while a create is retried.
    const seen: string[] = [];
    let restart: Promise<unknown> | undefined;
    let createdDuringRestart: Promise<unknown> | undefined;
    for await (const item of client.brandProducts.all({ limit: 50 })) {
      seen.push(item.storeId);
      if (seen.length === 500) {
        const stopped = stop(first);
        restart = stopped.then(() => start().waitForOutput(/"url":"http/, 300_000));
        createdDuringRestart = stopped.then(() =>
          client.brandProducts.create(productBody('made-during-restart')),
        );
        await stopped;
      }
    }
    await restart;
    await createdDuringRestart;
    expect(first.exitCode).toBe(0); // it did stop: the pages after 500 came from the restarted one
    expect(seen.filter((storeId) => storeId.startsWith('sku-')).sort()).toEqual(storeIds);
    const all: string[] = [];
    for await (const item of client.brandProducts.all()) all.push(item.storeId);
    expect(all).toHaveLength(1001);
    expect(new Set(all).size).toBe(1001);
    expect(all.filter((storeId) => storeId === 'made-during-restart')).toHaveLength(1);

    // Where the feed stands now: the stream and `listen` go on from here.
    let before = '';
    for await (const page of client.events.pages()) before = page.nextCursor;

    // A member signs up (the demo brand has custom auth): user.joined in the feed...
    const link = await client.magicLinks.create({
      customAuthSub: 'new-user-e2e',
      email: 'new.user@example.com',
      firstName: 'Nova',
    });
    const joined = await eventually(async () => {
      const events: FeedEvent[] = [];
      for await (const event of client.events.all({ cursor: before, types: 'user.joined' })) {
        events.push(event);
      }
      return events.length > 0 ? events : undefined;
    });
    expect(joined).toHaveLength(1);
    const event = joined[0]!;
    expect(isWebhookEvent(event, 'user.joined') && event.data).toMatchObject({
      userId: link.userId,
      email: 'new.user@example.com',
    });

    // ...in the stream, resumed from the same cursor...
    const stop1 = new AbortController();
    for await (const streamed of client.events.stream({ cursor: before, signal: stop1.signal })) {
      expect(streamed).toEqual(event);
      stop1.abort();
    }

    // ...and on a local receiver through `brand-api listen --forward-to`, verified by standardwebhooks.
    let secret = '';
    const received: Array<{ id: string; body: unknown }> = [];
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        try {
          const verified = new Webhook(secret).verify(
            body,
            request.headers as Record<string, string>,
          );
          received.push({ id: request.headers['webhook-id'] as string, body: verified });
          response.writeHead(200).end();
        } catch {
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
    const listen = spawnTypeScript(
      path.join(__dirname, 'testing/run-brand-api.ts'),
      [
        'listen',
        '--forward-to',
        receiverUrl,
        '--since',
        before,
        '--state-file',
        path.join(dataDir, 'listen.json'),
      ],
      { BRAND_API_KEY: demoKey, BRAND_API_URL: url },
    );
    children.push(listen);
    secret = /Webhook signing secret: (whsec_\S+)/.exec(
      await listen.waitForOutput(/Webhook signing secret: whsec_\S+/),
    )![1]!;
    await listen.waitForOutput(/user\.joined\s+msg_\S+\s+-> 200/);
    const { id, ...body } = event;
    expect(received).toEqual([{ id, body }]);
  });
});
