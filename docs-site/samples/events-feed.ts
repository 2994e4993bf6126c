/** Reconciling with the events feed, and following the live stream, with the client. */
import { readFile, writeFile } from 'node:fs/promises';
import type { BrandApiClient, FeedEvent } from '@brand-api/client';

/** Your own handler: the same one your webhook receiver calls, idempotent by event id. */
export type HandleEvent = (event: FeedEvent) => Promise<void>;

// #region reconcile
/** Applies every event since the last run, then saves where it stopped. Run it on a schedule. */
export async function reconcile(client: BrandApiClient, handle: HandleEvent): Promise<void> {
  const saved = await readFile('events-cursor.txt', 'utf8').catch(() => undefined);
  let cursor = saved?.trim() || undefined; // absent: from the brand's first event
  for await (const page of client.events.pages({ cursor, limit: 100 })) {
    for (const event of page.data) await handle(event); // skip ids you already have
    cursor = page.nextCursor; // never null: the next run asks for what happened since
    await writeFile('events-cursor.txt', cursor);
  }
}
// #endregion reconcile

// #region stream
/** Live events as they happen; the iterator reconnects and resumes by itself. */
export async function follow(client: BrandApiClient, signal: AbortSignal): Promise<void> {
  for await (const event of client.events.stream({ types: ['user.joined'], signal })) {
    if (event.type === 'user.joined') console.log(`${event.data.email} joined (${event.id})`);
  }
}
// #endregion stream
