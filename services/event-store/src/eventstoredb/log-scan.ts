import type { LogPosition, ReadAllOptions, RecordedEvent } from '../event-store';

/**
 * The look-ups EventStoreDB has no index for, answered by walking $all through the adapter's
 * own `readAll`. It filters reads on stream names and event types only, and keeps no count:
 * each of these costs a read of the log from where it starts.
 */
export type ReadAll = (options: ReadAllOptions) => Promise<RecordedEvent[]>;

/** Events per read while walking. */
export const scanPageSize = 1000;

/** Our events after `after` (the start when absent), a page at a time, until `visit` says stop. */
export async function scanLog(
  readAll: ReadAll,
  after: LogPosition | undefined,
  visit: (event: RecordedEvent) => 'next' | 'stop',
): Promise<void> {
  for (let from = after; ;) {
    const page = await readAll({ ...(from ? { after: from } : {}), limit: scanPageSize });
    for (const event of page) if (visit(event) === 'stop') return;
    if (page.length < scanPageSize) return;
    from = page.at(-1)!.position;
  }
}

/** Every event whose metadata field `field` equals `value`, in log order. */
export async function scanByMetadata(
  readAll: ReadAll,
  field: 'requestId' | 'idempotencyKeyId',
  value: string,
): Promise<RecordedEvent[]> {
  const found: RecordedEvent[] = [];
  await scanLog(readAll, undefined, (event) => {
    if (event.metadata[field] === value) found.push(event);
    return 'next';
  });
  return found;
}

export const scanByRequestId = (readAll: ReadAll, requestId: string): Promise<RecordedEvent[]> =>
  scanByMetadata(readAll, 'requestId', requestId);

/**
 * An append writes its records one after another, so every event of an earlier append lies
 * before `globalPosition` and every event past it belongs to a later append (or to the same one,
 * listed after it): the first event whose prepare position is greater ends the search. Reading
 * from the position itself would be quicker, but a read from an offset that starts no record is
 * not something to rely on.
 */
export async function scanForPosition(
  readAll: ReadAll,
  globalPosition: number,
): Promise<LogPosition | undefined> {
  let found: LogPosition | undefined;
  await scanLog(readAll, undefined, (event) => {
    if (event.position.prepare === globalPosition) found = event.position;
    return event.position.prepare < globalPosition ? 'next' : 'stop';
  });
  return found;
}

export async function scanCount(readAll: ReadAll, after: LogPosition | undefined): Promise<number> {
  let count = 0;
  await scanLog(readAll, after, () => {
    count += 1;
    return 'next';
  });
  return count;
}
