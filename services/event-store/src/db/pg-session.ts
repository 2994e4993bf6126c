import pg from 'pg';
import type { Session } from './database';

/**
 * A pooled client kept for a while (a transaction, a lock, LISTEN). The pool guards only idle
 * clients: a checked-out client whose connection dies (server restart, idle-in-transaction
 * timeout) emits 'error', and an 'error' event without a listener crashes the process.
 */
export async function checkout(
  pool: pg.Pool,
  onLost: (error: Error) => void = () => undefined,
): Promise<{ client: pg.PoolClient; done: (error?: Error) => void }> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost ??= error;
    onLost(error);
  };
  client.on('error', onError);
  let released = false;
  return {
    client,
    done(error?: Error) {
      if (released) return;
      released = true;
      client.off('error', onError);
      client.release(error ?? lost);
    },
  };
}

/**
 * A connection of its own, with the pool's settings (bounds, types) but outside it: a session
 * held for long does not take a place a request needs. `onLost` is told once if it dies first.
 */
export async function openSession(pool: pg.Pool, onLost: (error: Error) => void): Promise<Session> {
  const client = new pg.Client(pool.options);
  let ended = false;
  client.on('error', (error: Error) => {
    if (ended) return;
    ended = true;
    client.end().catch(() => undefined);
    onLost(error);
  });
  await client.connect();
  return {
    async query<R>(text: string, params?: readonly unknown[]) {
      const result = await client.query(text, params as unknown[] | undefined);
      return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
    },
    async release() {
      if (ended) return;
      ended = true;
      await client.end().catch(() => undefined);
    },
  };
}

const relistenDelayMs = 1000;

/**
 * LISTEN that survives a lost connection: it listens again on a new one and then calls
 * `onNotify('')` once, since notifications sent meanwhile are gone (they are wake-up hints).
 */
export async function listenWithReconnect(
  pool: pg.Pool,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  const listenSql = `LISTEN ${pg.escapeIdentifier(channel)}`;
  const handler = (message: pg.Notification) => {
    if (message.channel === channel) onNotify(message.payload ?? '');
  };
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let current: Awaited<ReturnType<typeof checkout>> | undefined;

  const connect = async (): Promise<void> => {
    const session = await checkout(pool, (error) => {
      session.client.off('notification', handler);
      session.done(error);
      if (current === session) current = undefined;
      scheduleReconnect();
    });
    session.client.on('notification', handler);
    try {
      await session.client.query(listenSql);
    } catch (error) {
      session.client.off('notification', handler);
      session.done(error as Error);
      throw error;
    }
    if (stopped) {
      session.client.off('notification', handler);
      session.done(new Error('stopped while connecting'));
      return;
    }
    current = session;
  };

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => onNotify(''),
        () => scheduleReconnect(),
      );
    }, relistenDelayMs);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const session = current;
    current = undefined;
    if (!session) return;
    session.client.off('notification', handler);
    try {
      await session.client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
      session.done();
    } catch (error) {
      session.done(error as Error);
    }
  };
}
