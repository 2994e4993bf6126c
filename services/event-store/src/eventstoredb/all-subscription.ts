import { END, excludeSystemEvents } from '@kurrent/kurrentdb-client';
import type { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { withTimeout } from './timeout';

const resubscribeDelayMs = 1000;

/**
 * A live $all subscription from the end, without system events, that calls `listener` for
 * every event appended; re-created when it fails (each failure goes to `onSubscriptionError`).
 * Resolves once the server confirmed it, to the function that ends it.
 */
export async function subscribeToAppends(
  client: KurrentDBClient,
  timeoutMs: number,
  onSubscriptionError: (error: unknown) => void,
  listener: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const onError = (error: unknown): void => {
    onSubscriptionError(error);
    if (stopped) return;
    retry = setTimeout(() => {
      subscribe(client, timeoutMs, listener, onError).then((next) => {
        if (stopped) void next.unsubscribe();
        else subscription = next;
      }, onError);
    }, resubscribeDelayMs);
  };
  let subscription = await subscribe(client, timeoutMs, listener, onError);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await withTimeout('unsubscribe', timeoutMs, () => subscription.unsubscribe());
  };
}

/** Subscribes and waits for the server's confirmation; later failures go to `onError`. */
async function subscribe(
  client: KurrentDBClient,
  timeoutMs: number,
  listener: () => void,
  onError: (error: unknown) => void,
) {
  const subscription = client.subscribeToAll({
    fromPosition: END,
    filter: excludeSystemEvents(),
  });
  let confirmed = false;
  let refuse: (error: unknown) => void = () => undefined;
  // Attached at once: an 'error' event without a listener would crash the process.
  subscription.on('error', (error) => (confirmed ? onError(error) : refuse(error)));
  subscription.on('data', () => listener());
  await withTimeout(
    'subscription to $all',
    timeoutMs,
    () =>
      new Promise<void>((resolve, reject) => {
        refuse = reject;
        subscription.once('confirmation', () => {
          confirmed = true;
          resolve();
        });
      }),
    () => subscription.unsubscribe(),
  );
  return subscription;
}
