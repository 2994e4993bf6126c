import { createConnection, createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** Refuses new connections and cuts the open ones, as a database that went down. */
  stop(): Promise<void>;
  /** Accepts connections again on the same port, as the database coming back. */
  start(): Promise<void>;
  /**
   * Goes quiet without a reset, as a network cut or a frozen server: open connections stop
   * forwarding mid-stream in both directions, and new ones are accepted and never answered.
   * Nothing is lost: what arrives meanwhile is held and forwarded on `resume`.
   */
  stall(): void;
  /** Forwards again what was held and everything after it. */
  resume(): void;
  close(): Promise<void>;
}

/** One client connection and its upstream, forwarding unless the relay is stalled. */
class Relay {
  private upstream: Socket | undefined;
  private readonly toUpstream: Buffer[] = [];
  private readonly toClient: Buffer[] = [];

  constructor(
    private readonly client: Socket,
    private readonly connect: () => Socket,
    private readonly stalled: () => boolean,
    private readonly track: (socket: Socket) => void,
  ) {
    track(client);
    client.on('data', (chunk: Buffer) => {
      if (this.upstream && !stalled()) this.upstream.write(chunk);
      else this.toUpstream.push(chunk);
    });
    client.on('error', () => this.upstream?.destroy());
    client.on('close', () => this.upstream?.destroy());
    // A connection accepted while stalled reaches the server only once the relay resumes.
    if (!stalled()) this.open();
  }

  private open(): void {
    const upstream = this.connect();
    this.upstream = upstream;
    this.track(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (this.stalled()) this.toClient.push(chunk);
      else this.client.write(chunk);
    });
    upstream.on('error', () => this.client.destroy());
    upstream.on('close', () => this.client.destroy());
  }

  resume(): void {
    if (this.client.destroyed) return;
    if (!this.upstream) this.open();
    for (const chunk of this.toUpstream.splice(0)) this.upstream!.write(chunk);
    for (const chunk of this.toClient.splice(0)) this.client.write(chunk);
  }
}

/**
 * A TCP relay on 127.0.0.1 to a target (a Postgres server), so a test can take the database
 * away from a process (cut, or silent) and give it back without touching the server other
 * tests use.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const relays = new Set<Relay>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  let stalled = false;
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const relay = createServer((client) => {
        const each = new Relay(
          client,
          () => createConnection(target),
          () => stalled,
          track,
        );
        relays.add(each);
        client.on('close', () => relays.delete(each));
      });
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', () => resolve(relay));
    });
  server = await listen(0);
  const port = (server.address() as AddressInfo).port;
  const stop = async () => {
    const closing = server;
    server = undefined;
    stalled = false;
    sockets.forEach((socket) => socket.destroy());
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  return {
    port,
    stop,
    async start() {
      server ??= await listen(port);
    },
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      relays.forEach((relay) => relay.resume());
    },
    close: stop,
  };
}
