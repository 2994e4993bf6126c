import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, hasPostgresServer } from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import {
  adminTokenOf,
  demoKeyOf,
  runtimeUrlOf,
  spawnBrandApi,
  stopRuntime,
} from '../testing/spawn-runtime';
import type { RuntimeChild } from '../testing/spawn-runtime';

jest.setTimeout(300_000);

/**
 * Nothing acknowledged is lost when the server is killed mid-load: creates and bulk calls of
 * products and members joining (user.joined, sent to a webhook endpoint) run concurrently, the
 * process gets SIGKILL, and after a restart every product answered 2xx is in the catalogue, and
 * every member answered 2xx is delivered to the endpoint. On a Postgres server when
 * TEST_DATABASE_URL is set, on the embedded database otherwise.
 */
describe(`kill -9 during a load (${hasPostgresServer() ? 'Postgres server' : 'embedded PGlite'})`, () => {
  let testDb: TestDatabase | undefined;
  let dataDir: string;
  let receiver: Server;
  const delivered = new Set<string>();
  const children: RuntimeChild[] = [];

  beforeAll(async () => {
    if (hasPostgresServer()) testDb = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'brand-api-kill-'));
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const event = JSON.parse(body) as { type: string; data: { userId: string } };
        if (event.type === 'user.joined') delivered.add(event.data.userId);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await Promise.all(children.map(stopRuntime));
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
    await testDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = () => {
    const child = spawnBrandApi(['all'], {
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      ...(testDb ? { DATABASE_URL: testDb.url } : {}),
    });
    children.push(child);
    return child;
  };

  it('loses no acknowledged product or member', async () => {
    const first = start();
    const url = await runtimeUrlOf(first);
    await first.waitForOutput(/"msg":"started"/);
    const key = demoKeyOf(first.output().stdout)!;
    const token = adminTokenOf(first.output().stdout)!;
    const call = (base: string, method: string, route: string, body?: unknown, bearer = key) =>
      fetch(`${base}${route}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const brands = (await (
      await call(url, 'GET', '/admin/v1/brands', undefined, token)
    ).json()) as {
      data: { id: string; name: string }[];
    };
    const demo = brands.data.find((brand) => brand.name === 'Demo Brand')!;
    const endpoint = await call(
      url,
      'POST',
      `/admin/v1/brands/${demo.id}/webhook-endpoints`,
      {
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`,
        eventTypes: ['user.joined'],
      },
      token,
    );
    expect(endpoint.status).toBe(201);
    const endpointId = ((await endpoint.json()) as { id: string }).id;

    const products: string[] = [];
    const members: string[] = [];
    let killed = false;
    const product = (storeId: string) => ({
      storeId,
      title: 'Shirt',
      description: 'Loaded, then killed',
      onlineStoreUrl: `https://shop.example.com/products/${storeId}`,
    });
    // Until the kill: each loop writes, and keeps what was acknowledged.
    const loop = async (write: () => Promise<void>) => {
      while (!killed) await write().catch(() => undefined);
    };
    const creates = () =>
      loop(async () => {
        const storeId = `single-${randomUUID()}`;
        const response = await call(url, 'POST', '/api/v1/brand-products', product(storeId));
        if (response.status === 201) products.push(storeId);
      });
    let bulkCalls = 0;
    const bulks = () =>
      loop(async () => {
        // The bulk limit (10 calls a minute) is part of what the load meets.
        if ((bulkCalls += 1) > 8) return new Promise((resolve) => setTimeout(resolve, 50));
        const storeIds = Array.from({ length: 100 }, () => `bulk-${randomUUID()}`);
        const response = await call(url, 'POST', '/api/v1/brand-products/bulk', {
          upsertRecords: storeIds.map(product),
        });
        if (response.status === 200) products.push(...storeIds);
      });
    const joins = () =>
      loop(async () => {
        const response = await call(url, 'POST', '/api/v1/magic-link', {
          customAuthSub: `user-${randomUUID()}`,
          email: 'ada@example.com',
          firstName: 'Ada',
          returnTo: '/',
        });
        if (response.status === 200)
          members.push(((await response.json()) as { userId: string }).userId);
      });
    const load = Promise.all([creates(), creates(), bulks(), bulks(), joins(), joins()]);
    // Kill once a good part of the load has been acknowledged.
    while (products.length < 400 || members.length < 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    first.kill('SIGKILL');
    await first.exited;
    killed = true;
    await load;

    const second = start();
    const restarted = await runtimeUrlOf(second);
    const listed = new Set<string>();
    for (let cursor: string | null = null; ;) {
      const page = (await (
        await call(
          restarted,
          'GET',
          `/api/v1/brand-products?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).json()) as { data: { storeId: string }[]; nextCursor: string | null };
      for (const item of page.data) listed.add(item.storeId);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(products.filter((storeId) => !listed.has(storeId))).toEqual([]);
    // Delivered at least once, from where the webhook projector and deliverer stood. A delivery
    // the killed process had claimed but not sent falls due again at the restarted deliverer's
    // first look (the killed one's lock went with its session), not when its lease ends.
    const deadline = Date.now() + 30_000;
    while (members.some((id) => !delivered.has(id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const missing = members.filter((id) => !delivered.has(id));
    // On failure, what the outbox says of the messages not delivered (queued, or not at all).
    const pending = missing.length
      ? (
          (await (
            await call(
              restarted,
              'GET',
              `/admin/v1/brands/${demo.id}/webhook-endpoints/${endpointId}/messages?status=pending&limit=100`,
              undefined,
              token,
            )
          ).json()) as { data: unknown[] }
        ).data
      : [];
    expect({ missing, pending }).toEqual({ missing: [], pending: [] });
    expect(await stopRuntime(second)).toEqual({ code: 0, signal: null });
  });
});
