import {
  BACKWARDS,
  END,
  KurrentDBClient,
  FORWARDS,
  DeadlineExceededError,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import type { ReadPosition, ResolvedEvent } from '@kurrent/kurrentdb-client';
import type {
  AppendResult,
  EventStore,
  ExpectedVersion,
  LogPosition,
  NewEvent,
  ReadAllOptions,
  RecordedEvent,
  StreamAppend,
} from '../event-store';
import {
  comparePositions,
  ConcurrencyError,
  EventStoreTimeoutError,
  MultiStreamAppendUnsupportedError,
  startOfLog,
} from '../event-store';
import { subscribeToAppends } from './all-subscription';
import {
  toActualVersion,
  toEsdbPosition,
  toEventData,
  toExpectedRevision,
  toLogPosition,
  toRecordedEvent,
  toSafeNumber,
} from './mapping';
import { scanByMetadata, scanByRequestId, scanCount, scanForPosition } from './log-scan';
import { withTimeout } from './timeout';

export interface EventStoreDbOptions {
  /** Bound on every call (default 5,000 ms), also sent to the server as the gRPC deadline. */
  timeoutMs?: number;
  /** Told when the $all subscription behind onAppended fails (it is then re-created). */
  onSubscriptionError?: (error: unknown) => void;
}

export function translateError(
  error: unknown,
  streamName: string,
  expected: ExpectedVersion,
): unknown {
  if (error instanceof WrongExpectedVersionError) {
    return new ConcurrencyError(streamName, expected, toActualVersion(error.actualState));
  }
  if (error instanceof DeadlineExceededError) {
    return new EventStoreTimeoutError(`EventStoreDB deadline exceeded: ${error.message}`);
  }
  return error;
}

class EventStoreDbEventStore implements EventStore {
  private readonly readPage = (options: ReadAllOptions) => this.readAll(options);

  constructor(
    private readonly client: KurrentDBClient,
    private readonly timeoutMs: number,
    private readonly onSubscriptionError: (error: unknown) => void,
  ) {}

  async appendToStream(
    streamName: string,
    events: readonly NewEvent[],
    { expectedVersion }: { expectedVersion: ExpectedVersion },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`Stream ${streamName}: nothing to append`);
    try {
      const result = await withTimeout(`append to ${streamName}`, this.timeoutMs, () =>
        this.client.appendToStream(streamName, events.map(toEventData), {
          streamState: toExpectedRevision(expectedVersion),
          deadline: this.timeoutMs,
        }),
      );
      const nextExpectedVersion = toSafeNumber(result.nextExpectedRevision);
      const position = result.position
        ? toLogPosition(result.position)
        : await this.positionOfRevision(streamName, nextExpectedVersion);
      return { nextExpectedVersion, position };
    } catch (error) {
      throw translateError(error, streamName, expectedVersion);
    }
  }

  /** EventStoreDB commits one stream per append: more than one would not be all-or-nothing. */
  async appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length > 1) {
      throw new MultiStreamAppendUnsupportedError(
        'EventStoreDB appends to one stream per transaction; use the Postgres event store for multi-stream appends',
      );
    }
    const [append] = appends;
    if (!append) return [];
    return [await this.appendToStream(append.streamName, append.events, append)];
  }

  async readStream(
    streamName: string,
    options: { fromVersion?: number } = {},
  ): Promise<RecordedEvent[]> {
    try {
      const resolved = await this.collect(`read of ${streamName}`, () =>
        this.client.readStream(streamName, {
          fromRevision: BigInt(options.fromVersion ?? 0),
          direction: FORWARDS,
          deadline: this.timeoutMs,
        }),
      );
      return resolved.map(toRecordedEvent).filter((e): e is RecordedEvent => e !== undefined);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  /** EventStoreDB reads one stream per call: the reads run in parallel. */
  async readStreams(
    streamNames: readonly string[],
    options: { fromVersions?: ReadonlyMap<string, number> } = {},
  ): Promise<Map<string, RecordedEvent[]>> {
    const names = [...new Set(streamNames)];
    const streams = await Promise.all(
      names.map((name) => this.readStream(name, { fromVersion: options.fromVersions?.get(name) })),
    );
    return new Map(names.map((name, i) => [name, streams[i]!]));
  }

  /** $all in commit order, without system events; `after` is exclusive. */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.limit ?? 1000;
    const out: RecordedEvent[] = [];
    let seen: LogPosition | undefined = options.after;
    let from: ReadPosition = options.after ? toEsdbPosition(options.after) : START;
    // System events count towards maxCount, so keep paging until `limit` of ours or the end.
    const pageSize = Math.max(limit + 1, 64);
    while (out.length < limit) {
      const page = await this.collect('read of $all', () =>
        this.client.readAll({
          fromPosition: from,
          maxCount: pageSize,
          direction: FORWARDS,
          deadline: this.timeoutMs,
        }),
      );
      for (const resolved of page) {
        const position = resolved.event?.position;
        if (!position) continue;
        const logPosition = toLogPosition(position);
        // A read from a position starts at that position: skip what we have already passed.
        if (seen && comparePositions(logPosition, seen) <= 0) continue;
        seen = logPosition;
        const event = toRecordedEvent(resolved);
        if (event) out.push(event);
        if (out.length === limit) break;
      }
      if (page.length < pageSize || !seen) break;
      from = toEsdbPosition(seen);
    }
    return out;
  }

  async headPosition(): Promise<LogPosition> {
    let from: ReadPosition = END;
    for (;;) {
      const page = await this.collect('read of the head of $all', () =>
        this.client.readAll({
          fromPosition: from,
          maxCount: 64,
          direction: BACKWARDS,
          deadline: this.timeoutMs,
        }),
      );
      for (const resolved of page) {
        const event = toRecordedEvent(resolved);
        if (event) return event.position;
      }
      const last = page.at(-1)?.event?.position;
      if (page.length < 64 || !last) return startOfLog;
      if (typeof from === 'object' && last.commit === from.commit && last.prepare === from.prepare)
        return startOfLog;
      from = last;
    }
  }

  /** A scan of $all: EventStoreDB filters reads on stream names and event types, not metadata. */
  readByRequestId(requestId: string): Promise<RecordedEvent[]> {
    return scanByRequestId(this.readPage, requestId);
  }

  /** A scan of $all, as `readByRequestId`. */
  readByIdempotencyKeyId(idempotencyKeyId: string): Promise<RecordedEvent[]> {
    return scanByMetadata(this.readPage, 'idempotencyKeyId', idempotencyKeyId);
  }

  /** A scan of $all from its start until the log passes `globalPosition` (see log-scan.ts). */
  positionOf(globalPosition: number): Promise<LogPosition | undefined> {
    return scanForPosition(this.readPage, globalPosition);
  }

  /** EventStoreDB keeps no count of $all: this reads it from `after` to the end. */
  countEvents(options: { after?: LogPosition } = {}): Promise<number> {
    return scanCount(this.readPage, options.after);
  }

  /** A live $all subscription from the end, without system events (see all-subscription.ts). */
  onAppended(listener: () => void): Promise<() => Promise<void>> {
    return subscribeToAppends(this.client, this.timeoutMs, this.onSubscriptionError, listener);
  }

  async close(): Promise<void> {
    await withTimeout('dispose', this.timeoutMs, () => this.client.dispose());
  }

  /** Reads a whole (bounded) stream of events under one timeout, cancelling it on expiry. */
  private async collect<E>(what: string, open: () => AsyncIterableIterator<E>): Promise<E[]> {
    const read = open();
    return withTimeout(
      what,
      this.timeoutMs,
      async () => {
        const items: E[] = [];
        for await (const item of read) items.push(item);
        return items;
      },
      // Ending the iterator ends the read it streams from.
      () => read.return?.(),
    );
  }

  private async positionOfRevision(streamName: string, version: number): Promise<LogPosition> {
    const [last] = await this.collect<ResolvedEvent>(`read of ${streamName}`, () =>
      this.client.readStream(streamName, {
        fromRevision: BigInt(version),
        direction: FORWARDS,
        maxCount: 1,
        deadline: this.timeoutMs,
      }),
    );
    const event = last && toRecordedEvent(last);
    if (!event) throw new Error(`Stream ${streamName}: appended event ${version} not found`);
    return event.position;
  }
}

export function createEventStoreDbClientStore(
  connectionString: string,
  options: EventStoreDbOptions = {},
): EventStore {
  return new EventStoreDbEventStore(
    KurrentDBClient.connectionString(connectionString),
    options.timeoutMs ?? 5000,
    options.onSubscriptionError ?? (() => undefined),
  );
}
