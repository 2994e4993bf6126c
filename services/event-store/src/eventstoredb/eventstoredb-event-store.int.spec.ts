import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import {
  ConcurrencyError,
  EventStoreTimeoutError,
  MultiStreamAppendUnsupportedError,
} from '../event-store';
import type { EventStore } from '../event-store';
import { describeEventStoreConformance, describeLookupConformance } from '../testing';
import type { EventStoreFixture } from '../testing';
import { createEventStoreDbClientStore, translateError } from './eventstoredb-event-store';

// Jest applies `testTimeout` only from the top-level config, not from the int project's.
jest.setTimeout(60_000);

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

const skipReason = connectionString
  ? undefined
  : 'set EVENTSTORE_CONNECTION_STRING (e.g. kurrentdb://localhost:2113?tls=false; infra/docker-compose starts one) to run it';

function esdbFixture(): Promise<EventStoreFixture> {
  const store = createEventStoreDbClientStore(connectionString!, { timeoutMs: 10_000 });
  return Promise.resolve({ store, close: () => store.close() });
}

describeEventStoreConformance('EventStoreDB adapter', esdbFixture, {
  multiStreamAppend: false,
  naiveReaderUnavailable:
    'EventStoreDB positions are its commit order, so there is no position-only reader to fool',
  skipReason,
});
describeLookupConformance('EventStoreDB adapter', esdbFixture, { skipReason });

describe('EventStoreDB adapter without a server', () => {
  it('maps a wrong expected version to ConcurrencyError with the actual version', () => {
    const error = translateError(
      new WrongExpectedVersionError(undefined, { streamName: 's', expected: 2n, current: 5n }),
      's',
      2,
    );
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect(error).toMatchObject({ streamName: 's', expectedVersion: 2, actualVersion: 5 });
    const missing = translateError(
      new WrongExpectedVersionError(undefined, {
        streamName: 's',
        expected: 'stream_exists',
        current: 'no_stream',
      }),
      's',
      'stream_exists',
    );
    expect(missing).toMatchObject({ actualVersion: 'no_stream' });
  });

  describe('against a server that accepts connections and never answers', () => {
    let server: Server;
    let store: EventStore;
    const sockets = new Set<Socket>();
    const timeoutMs = 300;

    beforeAll(async () => {
      server = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      store = createEventStoreDbClientStore(`kurrentdb://127.0.0.1:${port}?tls=false`, {
        timeoutMs,
      });
    });
    afterAll(async () => {
      await store.close().catch(() => undefined);
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => server.close(resolve));
    });

    it.each([
      [
        'appendToStream',
        (s: EventStore) =>
          s.appendToStream('s-1', [{ type: 'T', data: {} }], { expectedVersion: 'any' }),
      ],
      ['readStream', (s: EventStore) => s.readStream('s-1')],
      ['readStreams', (s: EventStore) => s.readStreams(['s-1', 's-2'])],
      ['readAll', (s: EventStore) => s.readAll()],
      ['headPosition', (s: EventStore) => s.headPosition()],
      ['readByRequestId', (s: EventStore) => s.readByRequestId('r-1')],
      ['readByIdempotencyKeyId', (s: EventStore) => s.readByIdempotencyKeyId('k-1')],
      ['positionOf', (s: EventStore) => s.positionOf(1234)],
      ['countEvents', (s: EventStore) => s.countEvents()],
      ['onAppended', (s: EventStore) => s.onAppended(() => undefined)],
    ])('%s fails with EventStoreTimeoutError instead of hanging', async (_name, call) => {
      const started = Date.now();
      await expect(call(store)).rejects.toBeInstanceOf(EventStoreTimeoutError);
      expect(Date.now() - started).toBeLessThan(timeoutMs + 2000);
    });

    it('refuses a multi-stream append before calling the server', async () => {
      const append = (streamName: string) => ({
        streamName,
        events: [{ type: 'T', data: {} }],
        expectedVersion: 'any' as const,
      });
      await expect(store.appendToStreams([append('a'), append('b')])).rejects.toBeInstanceOf(
        MultiStreamAppendUnsupportedError,
      );
      expect(await store.appendToStreams([])).toEqual([]);
    });
  });
});
