import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeOnServer, eventually, testDatabaseUrl } from '@brand-api/event-store/testing';
import pg from 'pg';
import { countersBetween, startPgProxy } from './pg-proxy';
import type { PgProxy } from './pg-proxy';

/** A TCP server on 127.0.0.1 standing in for Postgres; `onSocket` plays its part. */
async function upstream(onSocket: (socket: net.Socket) => void) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    onSocket(socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    target: { host: '127.0.0.1', port: (server.address() as AddressInfo).port },
    sockets,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function connectTo(proxy: PgProxy): Promise<net.Socket> {
  const socket = net.connect({ host: '127.0.0.1', port: proxy.port, allowHalfOpen: true });
  await once(socket, 'connect');
  return socket;
}

/** Reads from `socket` until `bytes` bytes have come. */
async function read(socket: net.Socket, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const [chunk] = (await once(socket, 'data')) as [Buffer];
    chunks.push(chunk);
    length += chunk.length;
  }
  return Buffer.concat(chunks);
}

const echo = (socket: net.Socket) => socket.pipe(socket);

describe('the benchmark proxy in front of Postgres', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function proxyTo(onSocket: (socket: net.Socket) => void, delayMs = 0) {
    const server = await upstream(onSocket);
    closers.push(server.close);
    const proxy = await startPgProxy({ target: server.target, delayMs });
    closers.push(proxy.close);
    return { server, proxy };
  }

  it('counts a round trip each time the client sends after an answer, and every chunk', async () => {
    const { proxy } = await proxyTo(echo);
    const client = await connectTo(proxy);
    client.write('hello');
    expect((await read(client, 5)).toString()).toBe('hello');
    client.write('again');
    expect((await read(client, 5)).toString()).toBe('again');
    expect(proxy.counters()).toEqual({
      connections: 1,
      clientChunks: 2,
      clientBytes: 10,
      serverChunks: 2,
      serverBytes: 10,
      roundTrips: 2,
    });
    client.destroy();
  });

  it('counts sends with no answer in between as one round trip', async () => {
    const answers: net.Socket[] = [];
    const { proxy } = await proxyTo((socket) => answers.push(socket));
    const client = await connectTo(proxy);
    let sent = 0;
    for (const part of ['Parse', 'Bind', 'Execute', 'Sync']) {
      client.write(part);
      sent += part.length;
      // Each part is read as a chunk of its own only once the proxy has read the one before;
      // a fixed sleep let a busy machine's kernel hand two parts over as one.
      await eventually(() => proxy.counters().clientBytes === sent, { intervalMs: 1 });
    }
    expect(proxy.counters()).toMatchObject({ clientChunks: 4, roundTrips: 1 });
    answers[0]!.write('ReadyForQuery');
    await read(client, 'ReadyForQuery'.length);
    const before = proxy.counters();
    client.write('next query');
    await sleep(20);
    expect(countersBetween(before, proxy.counters())).toMatchObject({
      clientChunks: 1,
      roundTrips: 1,
    });
    client.destroy();
  });

  it('holds each chunk for the delay in each direction and keeps their order', async () => {
    const { proxy } = await proxyTo(echo, 25);
    const client = await connectTo(proxy);
    const started = performance.now();
    client.write('ping');
    await read(client, 4);
    // Out and back: at least two delays.
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);

    const parts = Array.from({ length: 500 }, (_, n) => `${n};`);
    for (const part of parts) client.write(part);
    const expected = parts.join('');
    expect((await read(client, expected.length)).toString()).toBe(expected);
    client.destroy();
  });

  it('stops reading from the client while Postgres is not reading, and loses nothing', async () => {
    let received = 0;
    const upstreamSockets: net.Socket[] = [];
    const { proxy } = await proxyTo((socket) => {
      socket.pause();
      socket.on('data', (chunk: Buffer) => (received += chunk.length));
      upstreamSockets.push(socket);
    });
    const client = await connectTo(proxy);
    const total = 64 * 1024 * 1024;
    const block = Buffer.alloc(1024 * 1024, 7);
    for (let sent = 0; sent < total; sent += block.length) client.write(block);
    // Wait until the proxy stops taking bytes from the client. The kernel's buffers hold a
    // few megabytes between the hops; a proxy that kept reading would take all of them.
    let taken = -1;
    while (proxy.counters().clientBytes !== taken) {
      taken = proxy.counters().clientBytes;
      await sleep(300);
    }
    expect(taken).toBeLessThan(total / 2);
    upstreamSockets[0]!.resume();
    while (received < total) await sleep(20);
    expect(received).toBe(total);
    expect(client.writableLength).toBe(0);
    client.destroy();
  });

  it('closes the client when Postgres closes, after delivering what it sent last', async () => {
    const { proxy } = await proxyTo((socket) => socket.end('goodbye'), 10);
    const client = await connectTo(proxy);
    const chunks: Buffer[] = [];
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(client, 'end');
    expect(Buffer.concat(chunks).toString()).toBe('goodbye');
    client.end();
    await once(client, 'close');
  });

  it('passes the client’s end on to Postgres, and a reset closes Postgres’s side at once', async () => {
    const ended: 'end'[] = [];
    const { server, proxy } = await proxyTo((socket) => {
      socket.on('data', () => undefined);
      socket.on('end', () => ended.push('end'));
    });
    const orderly = await connectTo(proxy);
    orderly.end('Terminate');
    while (!ended.includes('end')) await sleep(5);

    const reset = await connectTo(proxy);
    while (server.sockets.size < 2) await sleep(5);
    reset.on('error', () => undefined);
    reset.resetAndDestroy();
    while (ended.length < 2) await sleep(5);
  });

  it('closes the client when Postgres cannot be reached', async () => {
    const { server, proxy } = await proxyTo(echo);
    await server.close();
    const client = net.connect({ host: '127.0.0.1', port: proxy.port });
    client.on('error', () => undefined);
    await once(client, 'close');
  });
});

describeOnServer('the benchmark proxy with a real Postgres', () => {
  it('counts one round trip per simple query and forwards through a delay', async () => {
    const proxy = await startPgProxy({ delayMs: 5 });
    const client = new pg.Client({ connectionString: proxy.urlFor(testDatabaseUrl()!) });
    try {
      await client.connect();
      const before = proxy.counters();
      for (let n = 0; n < 3; n += 1) {
        const { rows } = await client.query<{ n: number }>('SELECT $1::int AS n', [n]);
        expect(rows).toEqual([{ n }]);
      }
      expect(countersBetween(before, proxy.counters()).roundTrips).toBe(3);
    } finally {
      await client.end();
      await proxy.close();
    }
  });
});
