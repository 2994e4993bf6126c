import { tmpdir } from 'node:os';
import { CreateBrandProductBody, exampleOf } from '@brand-api/contracts';
import { createTestDatabase, describeOnServer } from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import { startWebhookReceiver } from '@brand-api/webhooks/testing';
import type { WebhookReceiver } from '@brand-api/webhooks/testing';
import { runtimeUrlOf, spawnBrandApi, stopRuntime } from '../testing/spawn-runtime';
import type { RuntimeChild } from '../testing/spawn-runtime';
import { startTcpProxy } from '@brand-api/event-store/testing';
import type { TcpProxy } from '@brand-api/event-store/testing';

jest.setTimeout(180_000);

const adminToken = 'outage-admin-token-0123456789abcdef';

/**
 * The database goes away under a running server (a relay between them is stopped: new
 * connections are refused and open ones cut) and comes back. Meanwhile every call answers 503
 * SERVICE_UNAVAILABLE with Retry-After, not 500; afterwards the server serves again by itself.
 */
describeOnServer('brand-api while its Postgres server is unavailable', () => {
  let testDb: TestDatabase;
  let proxy: TcpProxy;
  let server: RuntimeChild;
  let url: string;
  let key: string;
  let brandId: string;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const database = new URL(testDb.url!);
    proxy = await startTcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
    database.host = `127.0.0.1:${proxy.port}`;
    server = spawnBrandApi(['all'], {
      PORT: '0',
      DATABASE_URL: database.toString(),
      DATA_DIR: tmpdir(),
      LOG_LEVEL: 'info',
      ADMIN_TOKEN: adminToken,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    });
    url = await runtimeUrlOf(server);
    key = /Demo API key: (bk_live_\w+)/.exec(await server.waitForOutput(/Demo API key: \w+/))![1]!;
    brandId = /Demo brand: .*\(id ([0-9a-f-]{36})/.exec(server.output().stdout)![1]!;
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await stopRuntime(server);
    await proxy.close();
    await receiver.close();
    await testDb.drop();
  });

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const product = (storeId: string) => ({ ...exampleOf(CreateBrandProductBody), storeId });
  const timed = async (answer: Promise<Response>) => {
    const started = Date.now();
    const response = await answer;
    return { response, ms: Date.now() - started };
  };
  const expectUnavailable = async (response: Response) => {
    expect({ status: response.status, retryAfter: response.headers.get('retry-after') }).toEqual({
      status: 503,
      retryAfter: '2',
    });
    expect(await response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
  };
  const storeIds = async () => {
    const listed = (await (await call('GET', '/api/v1/brand-products?limit=100')).json()) as {
      data: { storeId: string }[];
    };
    return listed.data.map((p) => p.storeId).sort();
  };
  /** A member joins (a redeemed magic link): the webhook worker sends `user.joined`. */
  const join = async (sub: string) => {
    const link = await call('POST', '/api/v1/magic-link', {
      customAuthSub: sub,
      email: `${sub}@example.com`,
      firstName: 'Ada',
    });
    expect([link.status, await link.clone().text()]).toEqual([200, expect.any(String)]);
    const { magicLink } = (await link.json()) as { magicLink: string };
    const target = new URL(magicLink);
    const redeemed = await fetch(`${url}${target.pathname}${target.search}`, {
      redirect: 'manual',
    });
    expect(redeemed.status).toBe(302);
  };
  /** Calls until the answer is not 503 (the database is back), for at most 30 s. */
  const once = async (method: string, path: string, body?: unknown) => {
    let answer: Response | undefined;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      answer = await call(method, path, body);
      if (answer.status !== 503) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return answer;
  };

  it('answers 503 with Retry-After during the outage, and serves again once the database is back', async () => {
    expect((await call('POST', '/api/v1/brand-products', product('before'))).status).toBe(201);

    await proxy.stop();
    const duringOutage = [
      await call('GET', '/api/v1/brand-products'),
      await call('POST', '/api/v1/brand-products', product('during')),
      await call('GET', '/api/v1/members'),
      await call('POST', '/api/v1/magic-link', { customAuthSub: 'x', email: 'x@example.com' }),
    ];
    for (const response of duringOutage) {
      expect({ status: response.status, retryAfter: response.headers.get('retry-after') }).toEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^[1-9]\d*$/) as string,
      });
      expect(await response.json()).toEqual({
        message: 'The database is unavailable; retry shortly',
        code: 'SERVICE_UNAVAILABLE',
        statusCode: 503,
        requestId: response.headers.get('x-request-id'),
      });
    }
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
    expect(server.output().stdout).toMatch(/"level":50,.*"code":"SERVICE_UNAVAILABLE"/);

    await proxy.start();
    // Recovery is automatic: the pool reconnects, the projectors resume.
    let created: Response | undefined;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      created = await call('POST', '/api/v1/brand-products', product('after'));
      if (created.status !== 503) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(created?.status).toBe(201);
    const listed = (await (await call('GET', '/api/v1/brand-products')).json()) as {
      data: { storeId: string }[];
    };
    expect(listed.data.map((p) => p.storeId).sort()).toEqual(['after', 'before']);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });

  /**
   * The database goes silent without a reset (a network cut, a frozen proxy): open connections
   * stop mid-stream and new ones are accepted and never answered. The pool's bounds
   * (`databaseBounds`: 2 s to connect or wait for a connection, 4 s statement + 1 s read timeout)
   * turn every call into a 503 within about 5 s, /readyz within 2 s; once the database answers
   * again the same process serves, its workers catch up, and no acknowledged write is lost.
   */
  it('answers 503 within seconds while the database is silent, and recovers without a restart', async () => {
    expect((await call('POST', '/api/v1/brand-products', product('before-stall'))).status).toBe(
      201,
    );
    const endpoint = await fetch(`${url}/admin/v1/brands/${brandId}/webhook-endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url('/outage') }),
    });
    expect(endpoint.status).toBe(201);
    // The webhook worker (its own pool) has work in flight when the database goes silent.
    await join('joined-before-stall');
    proxy.stall();
    // In flight together: the pool's open connections stall mid-statement.
    const first = await Promise.all([
      timed(call('GET', '/api/v1/brand-products')),
      timed(call('POST', '/api/v1/brand-products', product('stalled-1'))),
      timed(call('GET', '/api/v1/members')),
      timed(
        fetch(`${url}/admin/v1/events/export?since=0`, {
          headers: { authorization: `Bearer ${adminToken}` },
        }),
      ),
    ]);
    const readyz = await timed(fetch(`${url}/readyz`));
    // Later calls find connections destroyed by the read timeout and open new, silent ones.
    const second = await Promise.all([
      timed(call('POST', '/api/v1/brand-products', product('stalled-2'))),
      timed(call('GET', '/api/v1/brand-products')),
    ]);
    const readyzAgain = await timed(fetch(`${url}/readyz`));
    const latencies = [...first, ...second].map(({ ms }) => ms);
    process.stdout.write(
      `stalled database: 503 after ${latencies.join(', ')} ms; /readyz 503 after ${readyz.ms}, ${readyzAgain.ms} ms\n`,
    );
    for (const { response } of [...first, ...second]) await expectUnavailable(response);
    expect(Math.max(...latencies)).toBeLessThan(7_000);
    for (const { response, ms } of [readyz, readyzAgain]) {
      expect(response.status).toBe(503);
      expect(ms).toBeLessThan(2_000);
    }

    proxy.resume();
    expect((await once('POST', '/api/v1/brand-products', product('after-stall')))?.status).toBe(
      201,
    );
    const exported = await fetch(`${url}/admin/v1/events/export?since=0`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(exported.status).toBe(200);
    // Acknowledged writes are all there; a write answered 503 may or may not have happened.
    const after = await storeIds();
    expect(after).toEqual(
      expect.arrayContaining(['after', 'after-stall', 'before', 'before-stall']),
    );
    expect(after.filter((id) => !id.startsWith('stalled-'))).toHaveLength(4);
    // The webhook worker recovered too: both members' user.joined arrive, without a restart.
    await join('joined-after-stall');
    const delivered = await receiver.waitFor(2, { path: '/outage', timeoutMs: 60_000 });
    expect(delivered.map((webhook) => JSON.parse(webhook.body) as { type: string })).toEqual([
      expect.objectContaining({ type: 'user.joined' }),
      expect.objectContaining({ type: 'user.joined' }),
    ]);
    // The projectors are caught up with the log again: /readyz waits for them.
    let ready: Response | undefined;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      ready = await fetch(`${url}/readyz`);
      if (ready.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(ready?.status).toBe(200);
  });
});
