import { PassThrough } from 'node:stream';
import type { WebhookEventType } from '@brand-api/contracts';
import type { Queryable } from '@brand-api/event-store';
import { readEventFeed } from '@brand-api/read-models';
import type { FeedPosition, FeedRow } from '@brand-api/read-models';
import type { Logger } from 'pino';
import type { StreamWakeups } from './stream-wakeups';

export interface EventStreamTiming {
  /** Between two `: ping` comments (15 s). */
  heartbeatMs: number;
  /**
   * Longest wait between two reads when nothing wakes the stream (1 s): only a wake-up that
   * never came waits this long (a NOTIFY lost with its connection, or an older write that
   * rolled back; see stream-wakeups.ts for what wakes a stream).
   */
  pollMs: number;
  /**
   * Next read while an event of the brand is committed but held back behind an older inline
   * write still running (`held` of readEventFeed): that write takes milliseconds, and its
   * commit wakes the stream too (10 ms).
   */
  retryMs: number;
}

export const defaultStreamTiming: EventStreamTiming = {
  heartbeatMs: 15_000,
  pollMs: 1_000,
  retryMs: 10,
};

/** Events read per query; a stream behind by more reads again at once. */
const batchSize = 200;

export interface EventStreamSession {
  db: Queryable;
  brandId: string;
  types: readonly WebhookEventType[] | undefined;
  after: FeedPosition;
  wakeups: StreamWakeups;
  timing: EventStreamTiming;
  logger: Logger;
  /** Called once when the stream ends, however it ends. */
  onClose: () => void;
}

/** One Server-Sent Event: the feed's id, the type and the webhook body (one line of JSON). */
export function sseFrame(row: FeedRow): string {
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${row.body}\n\n`;
}

/**
 * Opens a stream of the brand's events after `after`, in the feed's order, and feeds it until
 * the client goes away: reads a batch, writes it (waiting for the socket to drain), then sleeps
 * until a wake-up (a write committed), `retryMs` when a committed event waits behind an older
 * write, or `pollMs`. Nothing else delays an event: the feed's rows commit with their write, so
 * the read that the write's wake-up starts finds them.
 * The position moves only past events written to the stream, so a client that reconnects with
 * the last id it got loses nothing and gets nothing twice.
 */
export function openEventStream(session: EventStreamSession): PassThrough {
  const stream = new PassThrough();
  let open = true;
  let wake: (() => void) | undefined;
  let woken = false;
  const removeWaiter = session.wakeups.add(() => {
    woken = true;
    wake?.();
  });
  const heartbeat = setInterval(() => {
    if (open) stream.write(': ping\n\n');
  }, session.timing.heartbeatMs);
  heartbeat.unref();

  const close = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    removeWaiter();
    wake?.();
    session.onClose();
  };
  stream.on('close', close);
  stream.on('error', close);

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
      if (woken || !open) done();
    });

  const write = (text: string) =>
    new Promise<void>((resolve) => {
      if (stream.write(text)) return resolve();
      const settle = () => {
        stream.off('drain', settle);
        stream.off('close', settle);
        resolve();
      };
      stream.on('drain', settle);
      stream.on('close', settle);
    });

  const run = async () => {
    // The first bytes send the headers at once; `retry` sets the EventSource's reconnect delay.
    await write('retry: 1000\n\n');
    let position = session.after;
    while (open) {
      // A wake-up from now on is for a write this read may not see: it reads again after.
      woken = false;
      const { rows, hasMore, held } = await readEventFeed(session.db, session.brandId, {
        after: position,
        limit: batchSize,
        types: session.types,
      });
      for (const row of rows) {
        if (!open) return;
        await write(sseFrame(row));
        position = row.position;
      }
      if (hasMore) continue;
      await sleep(held ? session.timing.retryMs : session.timing.pollMs);
    }
  };
  run()
    .catch((error: unknown) => {
      if (open) session.logger.warn({ err: error }, 'event stream ended by an error');
    })
    .finally(() => {
      close();
      stream.end();
    });
  return stream;
}
