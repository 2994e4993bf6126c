import { tmpdir } from 'node:os';
import { CreateBrandProductBody, exampleOf } from '@brand-api/contracts';
import { createTestDatabase, describeOnServer } from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import { spawnBrandApi } from '../testing/spawn-runtime';
import type { RuntimeChild } from '../testing/spawn-runtime';
import { startTcpProxy } from '../testing/tcp-proxy';
import type { TcpProxy } from '../testing/tcp-proxy';

jest.setTimeout(180_000);

const listening = /"url":"(http:\/\/localhost:\d+)"/;

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
    });
    url = listening.exec(await server.waitForOutput(listening))![1]!;
    key = /Demo API key: (bk_live_\w+)/.exec(await server.waitForOutput(/Demo API key: \w+/))![1]!;
  });
  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await server.exited;
    await proxy.close();
    await testDb.drop();
  });

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const product = (storeId: string) => ({ ...exampleOf(CreateBrandProductBody), storeId });

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
    expect(server.output().stdout).toMatch(/"level":40,.*"code":"SERVICE_UNAVAILABLE"/);

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
});
