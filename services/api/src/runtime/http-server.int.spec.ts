import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testDatabaseUrl } from '@brand-api/event-store/testing';
import pino from 'pino';
import { apiTimeouts, createApiServer } from './http-server';
import { startRuntime } from './start';

jest.setTimeout(120_000);

const silent = pino({ level: 'silent' });

/** Sends raw bytes and collects what comes back until the server closes the connection. */
function exchange(port: number, ...chunks: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (received += data));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.on('connect', () => chunks.forEach((chunk) => socket.write(chunk)));
  });
}

const errorOf = (raw: string): { statusLine?: string; headers: string; body: unknown } => {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return {
    statusLine: head.split('\r\n')[0],
    headers: head.toLowerCase(),
    body: JSON.parse(body) as unknown,
  };
};

describe('the API server with short timeouts', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createApiServer(
      (request, response) => {
        request.resume();
        request.on('end', () => response.end('ok'));
      },
      silent,
      { headersMs: 300, requestMs: 600, keepAliveMs: 200, checkEveryMs: 50 },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers a request that announces a body and sends none with 408, and closes it', async () => {
    const raw = await exchange(
      port,
      'POST /api/v1/brand-products HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    );
    const { statusLine, headers, body } = errorOf(raw);
    expect(statusLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(headers).toContain('connection: close');
    const requestId = /x-request-id: ([0-9a-f-]{36})/.exec(headers)?.[1];
    expect(requestId).toBeDefined();
    expect(body).toEqual({
      message: 'The request did not arrive in time',
      code: 'REQUEST_TIMEOUT',
      statusCode: 408,
      requestId,
    });
  });

  it('answers headers that stop half-way with 408', async () => {
    const raw = await exchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n');
    expect(errorOf(raw).body).toMatchObject({ code: 'REQUEST_TIMEOUT', statusCode: 408 });
  });

  it('answers headers over 16 KB with 431 HEADERS_TOO_LARGE', async () => {
    const raw = await exchange(
      port,
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`,
    );
    expect(errorOf(raw)).toMatchObject({
      statusLine: 'HTTP/1.1 431 Request Header Fields Too Large',
      body: { code: 'HEADERS_TOO_LARGE', statusCode: 431 },
    });
  });

  it('answers what is not HTTP with 400 MALFORMED_REQUEST', async () => {
    const raw = await exchange(port, 'HELLO THERE\r\n\r\n');
    expect(errorOf(raw)).toMatchObject({
      statusLine: 'HTTP/1.1 400 Bad Request',
      body: { code: 'MALFORMED_REQUEST', statusCode: 400 },
    });
  });

  it('closes a kept-alive connection left idle after a request', async () => {
    const raw = await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(raw.endsWith('ok')).toBe(true);
  });
});

/** `brand-api-server serve` on its own data directory, with PORT=0 and the given HOST. */
async function serve(host: string | undefined) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'brand-api-serve-'));
  const runtime = await startRuntime(
    'serve',
    {
      port: 0,
      host,
      corsOrigins: [],
      dataDir,
      databaseUrl: testDatabaseUrl(),
      eventStore: { kind: 'postgres' },
      adminToken: 'serve-admin-token-0123456789abc',
      publicUrl: 'http://localhost:3000',
      membersUrl: undefined,
      logLevel: 'silent',
    },
    { print: () => undefined, logger: silent },
  );
  return {
    runtime,
    async stop() {
      await runtime.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('the server brand-api runs', () => {
  it('uses the API timeouts docs/http.md states, not Node defaults (300 s per request)', async () => {
    const { runtime, stop } = await serve(undefined);
    try {
      expect({
        headersTimeout: runtime.server!.headersTimeout,
        requestTimeout: runtime.server!.requestTimeout,
        keepAliveTimeout: runtime.server!.keepAliveTimeout,
      }).toEqual({ headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 });
      // Without HOST it listens on every interface.
      expect(['::', '0.0.0.0']).toContain((runtime.server!.address() as AddressInfo).address);
      expect(apiTimeouts).toMatchObject({
        headersMs: 10_000,
        requestMs: 30_000,
        keepAliveMs: 5_000,
      });
    } finally {
      await stop();
    }
  });

  it('listens on the address HOST names, and only there', async () => {
    const { runtime, stop } = await serve('127.0.0.1');
    try {
      const { address, port } = runtime.server!.address() as AddressInfo;
      expect(address).toBe('127.0.0.1');
      expect(runtime.url).toBe(`http://127.0.0.1:${port}`);
      const answer = await fetch(`${runtime.url}/healthz`);
      expect(answer.status).toBe(200);
    } finally {
      await stop();
    }
  });
});
