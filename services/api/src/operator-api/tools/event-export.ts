import { startOfLog } from '@brand-api/event-store';
import type { EventStore, RecordedEvent } from '@brand-api/event-store';
import { happenedBy } from './point-in-time';
import { redactState } from './state-diff';
import type { PointInTime } from './point-in-time';

/** One line of an export: the event with everything an external audit tool needs. */
export function envelopeOf(event: RecordedEvent) {
  return {
    position: event.position.prepare,
    commit: event.position.commit,
    id: event.id,
    type: event.type,
    schemaVersion: event.schemaVersion,
    stream: event.streamName,
    streamVersion: event.streamVersion,
    recordedAt: event.recordedAt.toISOString(),
    // Webhook signing secrets live in the log (the deliverer needs them); an export must not
    // carry them out of it, as the audit views do not show them either.
    data: redactState(event.data),
    metadata: event.metadata,
  };
}

/**
 * The log as NDJSON, one envelope per line, in the order readers see it, a page at a time so
 * memory stays flat whatever the log's size. `since` is exclusive: after that event, or at and
 * after that time. Events are exported as the store reads them (old versions upcast to
 * today's shape, with today's `schemaVersion`), but for secret fields (signing secrets, key
 * hashes), which read `[redacted]`.
 */
export async function* exportLines(
  store: EventStore,
  options: { since?: PointInTime; brandId?: string; pageSize?: number },
): AsyncGenerator<string> {
  const { since, brandId } = options;
  let after = since?.kind === 'position' ? since.position : startOfLog;
  for (;;) {
    const page = await store.readAll({ after, limit: options.pageSize ?? 1000 });
    if (page.length === 0) return;
    after = page.at(-1)!.position;
    let chunk = '';
    for (const event of page) {
      if (brandId !== undefined && event.metadata.brandId !== brandId) continue;
      if (
        since?.kind === 'time' &&
        happenedBy(event, { kind: 'time', time: new Date(since.time.getTime() - 1) })
      ) {
        continue;
      }
      chunk += `${JSON.stringify(envelopeOf(event))}\n`;
    }
    if (chunk.length > 0) yield chunk;
  }
}
