import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP side of a server the benchmark starts (the API and its raw twin): serves `handle` on
 * a free port of 127.0.0.1 and sends the port to the benchmark. Autocannon drops its sockets when
 * a run ends; their handlers still finish, before the benchmark reads what the run cost (an
 * `idle` message, answered with the count of 2xx answers so far: the requests whose work it
 * counts) and before `stop` runs on disconnect. A `memory` message is answered with the heap
 * figures behind the RSS the benchmark samples from /proc.
 */
export function serveForBenchmark(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>,
  stop: () => Promise<unknown>,
): void {
  let inFlight = 0;
  let succeeded = 0;
  let drained: (() => void)[] = [];
  const idle = () =>
    inFlight === 0 ? Promise.resolve() : new Promise<void>((done) => drained.push(done));
  const server = createServer((request, response) => {
    inFlight += 1;
    void handle(request, response).finally(() => {
      if (response.statusCode < 300) succeeded += 1;
      inFlight -= 1;
      if (inFlight > 0) return;
      for (const done of drained) done();
      drained = [];
    });
  });
  server.keepAliveTimeout = 5_000;
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'memory') process.send?.({ type: 'memory', usage: process.memoryUsage() });
    if (message.type === 'idle')
      void idle().then(() => process.send?.({ type: 'idle', succeeded }));
  });
  // Requests still in flight when the benchmark ends finish before `stop` (the database closes).
  process.on('disconnect', () => {
    server.close(() => {
      void idle()
        .then(stop)
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  });
}
