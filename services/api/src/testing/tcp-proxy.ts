import { createConnection, createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** Refuses new connections and cuts the open ones, as a database that went down. */
  stop(): Promise<void>;
  /** Accepts connections again on the same port, as the database coming back. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay on 127.0.0.1 to a target (a Postgres server), so a test can take the database
 * away from a process and give it back without touching the server other tests use.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const relay = createServer((client) => {
        const upstream = createConnection(target);
        track(client);
        track(upstream);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', () => resolve(relay));
    });
  server = await listen(0);
  const port = (server.address() as AddressInfo).port;
  const stop = async () => {
    const closing = server;
    server = undefined;
    sockets.forEach((socket) => socket.destroy());
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  return {
    port,
    stop,
    async start() {
      server ??= await listen(port);
    },
    close: stop,
  };
}
