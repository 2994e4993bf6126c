import { EventStoreTimeoutError } from '../event-store';

/**
 * Bounds a call to EventStoreDB: the client can wait forever on a server that accepts the
 * connection and never answers. `onTimeout` cancels what can be cancelled (streaming reads).
 */
export async function withTimeout<T>(
  what: string,
  timeoutMs: number,
  run: () => Promise<T>,
  onTimeout: () => unknown = () => undefined,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      try {
        void Promise.resolve(onTimeout()).catch(() => undefined);
      } finally {
        reject(new EventStoreTimeoutError(`EventStoreDB ${what} timed out after ${timeoutMs} ms`));
      }
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
