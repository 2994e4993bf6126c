/**
 * A counting TCP proxy in front of Postgres for the write-path benchmark (issue 24): a server
 * connects to the proxy instead of Postgres, and the proxy counts what crosses the wire, per
 * direction, and the round trips the server's connections make. With `delayMs` it holds every
 * chunk that long in each direction, in order, so Postgres reads as that far away (this
 * machine's kernel has no netem).
 *
 * It forwards bytes as they come: it never parses, reorders or merges the protocol's
 * messages, so whatever the driver sends (pipelines, COPY, cancel requests on their own
 * connection) reaches Postgres unchanged.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface PgProxyCounters {
  /** Connections accepted so far. */
  connections: number;
  /** Socket `data` events and bytes from the clients to Postgres. */
  clientChunks: number;
  clientBytes: number;
  /** Socket `data` events and bytes from Postgres to the clients. */
  serverChunks: number;
  serverBytes: number;
  /**
   * Round trips, summed over connections. A round trip is a burst the client sends and the
   * server's answer to it; the proxy sees a new one begin whenever a client sends after it
   * was handed data from the server since its own previous send (or, for the connection's
   * first send, the startup message, since the connection opened). Chunks a client sends
   * without anything coming back in between (a pipeline split across writes, a statement
   * too large for one segment) belong to one round trip; what the proxy counts is the number
   * of times a client had to wait for Postgres before it could go on. "Handed" is when the
   * proxy delivers the server's bytes to the client, after the delay, because that is when
   * the client can react. An unsolicited message (a NOTIFY on a listening connection)
   * followed by a send counts as well, the one overcount this definition allows.
   */
  roundTrips: number;
}

export interface PgProxy {
  /** The port it listens on, on 127.0.0.1. */
  port: number;
  /** `databaseUrl` with its host and port pointed at this proxy. */
  urlFor(databaseUrl: string): string;
  /** A copy of the counters now (take one before and one after a window and subtract). */
  counters(): PgProxyCounters;
  /** Stops listening and closes every connection it carries. */
  close(): Promise<void>;
}

export interface PgProxyOptions {
  /** Where Postgres listens; 127.0.0.1:5432 unless given. */
  target?: { host: string; port: number };
  /** Milliseconds each chunk is held in each direction; 0 (the default) forwards at once. */
  delayMs?: number;
}

/** Counters a copy of which `counters()` hands out. */
const zero = (): PgProxyCounters => ({
  connections: 0,
  clientChunks: 0,
  clientBytes: 0,
  serverChunks: 0,
  serverBytes: 0,
  roundTrips: 0,
});

/**
 * One direction of one connection: chunks from `from` are written to `to` after `delayMs`,
 * in arrival order. When `to` refuses more (its buffer is full) `from` is paused until `to`
 * drains, so a slow reader slows the writer down instead of filling the proxy's memory. When
 * `from` ends, `to` is ended once everything before the end has been written.
 */
function forward(
  from: net.Socket,
  to: net.Socket,
  delayMs: number,
  onChunk: (chunk: Buffer) => void,
  onDelivered: () => void,
): void {
  const held: { chunk: Buffer; due: number }[] = [];
  let ended = false;
  let timer: NodeJS.Timeout | undefined;
  let waitingForDrain = false;

  const deliver = (chunk: Buffer) => {
    if (to.destroyed) return;
    if (!to.write(chunk) && !waitingForDrain) {
      waitingForDrain = true;
      from.pause();
      to.once('drain', () => {
        waitingForDrain = false;
        from.resume();
      });
    }
    onDelivered();
  };
  const finishIfDone = () => {
    if (ended && held.length === 0 && !to.destroyed) to.end();
  };
  const release = () => {
    timer = undefined;
    const now = performance.now();
    while (held.length > 0 && held[0]!.due <= now) deliver(held.shift()!.chunk);
    if (held.length > 0) timer = setTimeout(release, held[0]!.due - now);
    finishIfDone();
  };

  from.on('data', (chunk: Buffer) => {
    onChunk(chunk);
    if (delayMs <= 0) return deliver(chunk);
    held.push({ chunk, due: performance.now() + delayMs });
    timer ??= setTimeout(release, delayMs);
  });
  from.on('end', () => {
    ended = true;
    finishIfDone();
  });
  // A reset or error on one side ends the conversation: the other side is closed at once,
  // and whatever was still held is dropped with it (the peer that would read it is gone).
  // After an orderly end the held chunks are still delivered, then `to` is ended.
  from.on('close', () => {
    if (ended) return;
    if (timer) clearTimeout(timer);
    held.length = 0;
    to.destroy();
  });
  from.on('error', () => to.destroy());
}

export async function startPgProxy(options: PgProxyOptions = {}): Promise<PgProxy> {
  const target = options.target ?? { host: '127.0.0.1', port: 5432 };
  const delayMs = options.delayMs ?? 0;
  const totals = zero();
  const sockets = new Set<net.Socket>();

  const server = net.createServer({ allowHalfOpen: true, pauseOnConnect: true }, (client) => {
    totals.connections += 1;
    const upstream = net.connect({ ...target, allowHalfOpen: true });
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    // The connection's first send (its startup message) begins its first round trip.
    let answeredSinceSend = true;
    forward(
      client,
      upstream,
      delayMs,
      (chunk) => {
        totals.clientChunks += 1;
        totals.clientBytes += chunk.length;
        if (answeredSinceSend) totals.roundTrips += 1;
        answeredSinceSend = false;
      },
      () => undefined,
    );
    forward(
      upstream,
      client,
      delayMs,
      (chunk) => {
        totals.serverChunks += 1;
        totals.serverBytes += chunk.length;
      },
      () => {
        answeredSinceSend = true;
      },
    );
    // The client's bytes wait (paused) until Postgres has accepted the connection.
    upstream.once('connect', () => client.resume());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    counters: () => ({ ...totals }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** The difference of two counter snapshots: what crossed the proxy in between. */
export function countersBetween(before: PgProxyCounters, after: PgProxyCounters): PgProxyCounters {
  const difference = zero();
  for (const key of Object.keys(difference) as (keyof PgProxyCounters)[]) {
    difference[key] = after[key] - before[key];
  }
  return difference;
}
