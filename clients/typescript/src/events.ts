/**
 * The events feed (`GET /events`) as pages and a `for await` over its events, and the live
 * stream (`GET /events/stream`, Server-Sent Events) as an async iterator that reconnects by
 * itself and resumes from the last event id it received, so nothing is lost or repeated.
 */
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AnswerOf, QueryOf } from './operation-types';
import type { FeedEvent } from './contract-types';
import { BrandApiConnectionError, BrandApiError, isErrorBody } from './errors';
import { listItems, listPages, type Page } from './pagination';
import { backoffMs, retryAfterMs, sleep } from './retry';
import { createEventStreamParser, type ServerSentEvent } from './server-sent-events';
import type { CallOptions, Transport } from './transport';
import { operations } from './operations';
import { queryString } from './query-string';

export interface StreamOptions {
  /** Only these event types. */
  types?: readonly FeedEvent['type'][];
  /** Go on after this event id (the `id` of an event received before). */
  lastEventId?: string;
  /** Go on after this feed cursor (a `nextCursor` of `events.list`); `lastEventId` wins over it. */
  cursor?: string;
  /** Closes the stream: the iterator then ends. */
  signal?: AbortSignal;
  /**
   * Reconnect after this long without a byte (the server sends a `: ping` comment every 15 s).
   * Default 45 s.
   */
  idleTimeoutMs?: number;
  /** Failed connection attempts in a row before the iterator throws. Default: the client's `retry.maxRetries` + 6. */
  maxReconnectAttempts?: number;
  /** Called each time the stream connects: `reconnect` is false the first time. */
  onConnect?: (info: { reconnect: boolean; lastEventId: string | undefined }) => void;
}

/** A streamed event as sent: its id, type and the exact JSON text of its webhook body. */
export interface RawStreamEvent {
  id: string;
  type: string;
  body: string;
}

const DEFAULT_RECONNECT_MS = 1000;

export class EventsResource {
  constructor(
    private readonly listEvents: (
      query: QueryOf<'listEvents'>,
      options?: CallOptions,
    ) => Promise<AnswerOf<'listEvents'>>,
    private readonly transport: Transport,
  ) {}

  /** One page of the feed, oldest first; its `nextCursor` gives what happened since, later too. */
  list(query: QueryOf<'listEvents'> = {}, options?: CallOptions) {
    return this.listEvents(query, options);
  }

  /** Pages until the feed's end (`hasMore` false); keep the last page's `nextCursor` to resume. */
  pages(
    query: QueryOf<'listEvents'> = {},
    options?: CallOptions,
  ): AsyncGenerator<Page<FeedEvent> & { nextCursor: string }, void, undefined> {
    return listPages(
      (page) => this.list(page, options) as Promise<Page<FeedEvent> & { nextCursor: string }>,
      query,
      'cursor',
    );
  }

  /** Every event of the feed from `cursor` (or the brand's first) to now. */
  all(
    query: QueryOf<'listEvents'> = {},
    options?: CallOptions,
  ): AsyncGenerator<FeedEvent, void, undefined> {
    return listItems(
      (page) => this.list(page, options) as Promise<Page<FeedEvent>>,
      query,
      'cursor',
    );
  }

  /** Live events, typed: `for await (const event of client.events.stream())`. */
  async *stream(options: StreamOptions = {}): AsyncGenerator<FeedEvent, void, undefined> {
    for await (const raw of this.rawStream(options)) {
      yield { id: raw.id, ...(JSON.parse(raw.body) as Omit<FeedEvent, 'id'>) } as FeedEvent;
    }
  }

  /** Live events with their bodies as sent, for forwarding them unchanged (`brand-api listen`). */
  async *rawStream(options: StreamOptions = {}): AsyncGenerator<RawStreamEvent, void, undefined> {
    const { transport } = this;
    const policy = transport.config.retry;
    const maxFailures = options.maxReconnectAttempts ?? policy.maxRetries + 6;
    const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
    let lastEventId = options.lastEventId;
    let reconnectMs = DEFAULT_RECONNECT_MS;
    let failures = 0;
    let connected = false;
    const closed = () => options.signal?.aborted === true;
    while (!closed()) {
      const connection = new AbortController();
      const abort = () => connection.abort();
      options.signal?.addEventListener('abort', abort, { once: true });
      let idleTimer: NodeJS.Timeout | undefined;
      const stillAlive = () => {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(
          () => connection.abort(new Error('event stream idle')),
          idleTimeoutMs,
        );
      };
      let wait: number | undefined;
      try {
        stillAlive();
        const query = queryString({
          types: options.types?.join(','),
          cursor: lastEventId === undefined ? options.cursor : undefined,
        });
        const response = await transport.config.fetch(
          `${transport.root}${operations.streamEvents.path}${query}`,
          {
            headers: transport.headers({
              accept: 'text/event-stream',
              // A compressed stream waits in the compressor's buffer instead of coming as it is sent.
              'accept-encoding': 'identity',
              'last-event-id': lastEventId,
            }),
            signal: connection.signal,
            redirect: 'error',
          },
        );
        if (!response.ok || response.body === null) {
          const error = await streamError(response);
          const retryable = response.status === 429 || response.status >= 500;
          if (!retryable || failures >= maxFailures) throw error;
          failures += 1;
          wait = retryAfterMs(response.headers.get('retry-after')) ?? backoffMs(policy, failures);
        } else {
          options.onConnect?.({ reconnect: connected, lastEventId });
          connected = true;
          failures = 0;
          const parser = createEventStreamParser(lastEventId);
          const decoder = new TextDecoder();
          const reader = (response.body as WebReadableStream<Uint8Array>).getReader();
          try {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              stillAlive();
              for (const event of parser.push(decoder.decode(value, { stream: true }))) {
                const raw = toRawEvent(event);
                if (raw === undefined) continue;
                lastEventId = raw.id;
                yield raw;
              }
            }
          } finally {
            reconnectMs = parser.retryMs ?? reconnectMs;
            // An id-only block (no data) also moves the resume point, as EventSource does.
            lastEventId = parser.lastEventId;
            await reader.cancel().catch(() => undefined);
          }
          wait = reconnectMs;
        }
      } catch (error) {
        if (closed()) return;
        if (error instanceof BrandApiError) throw error;
        failures += 1;
        if (failures > maxFailures) {
          throw new BrandApiConnectionError(
            `the event stream failed ${failures} times in a row: ${String(error)}`,
            { cause: error },
          );
        }
        wait = Math.max(reconnectMs, backoffMs(policy, failures));
      } finally {
        clearTimeout(idleTimer);
        options.signal?.removeEventListener('abort', abort);
        connection.abort();
      }
      try {
        await sleep(wait ?? reconnectMs, options.signal);
      } catch {
        return;
      }
    }
  }
}

function toRawEvent(event: ServerSentEvent): RawStreamEvent | undefined {
  if (event.id === undefined || event.id === '') return undefined;
  return { id: event.id, type: event.event, body: event.data };
}

async function streamError(response: Response): Promise<BrandApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const retryAfter = retryAfterMs(response.headers.get('retry-after'));
  const seconds = retryAfter === undefined ? undefined : Math.ceil(retryAfter / 1000);
  if (isErrorBody(body)) return new BrandApiError(body, seconds);
  return new BrandApiError(
    {
      code: 'UNEXPECTED_RESPONSE',
      statusCode: response.status,
      message: `HTTP ${response.status} instead of an event stream`,
      requestId: response.headers.get('x-request-id') ?? undefined,
    },
    seconds,
  );
}
