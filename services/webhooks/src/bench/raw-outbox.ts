/**
 * The raw twin of the webhook projector in `bench:webhooks` (issue 15): the outbox rows the
 * projector has just written (one message and one delivery per event), inserted again by hand
 * into the same tables, as many rows per transaction as the projector's batches (100), one
 * multi-row INSERT per table. The copies take message ids of the same length (`raw_` for
 * `msg_`) and are deleted once timed, so the deliverer never sees them.
 */
import { performance } from 'node:perf_hooks';
import { forLongWork } from '@brand-api/event-store';
import type { Database } from '@brand-api/event-store';

const rowsPerTransaction = 100;

interface OutboxRow {
  id: string;
  brand_id: string;
  event_type: string;
  event_id: string;
  body: string;
  occurred_at: string;
  endpoint_id: string;
  next_attempt_at: string;
}

const outboxColumns = [
  'id',
  'brand_id',
  'event_type',
  'event_id',
  'body',
  'occurred_at',
  'endpoint_id',
  'next_attempt_at',
] as const satisfies readonly (keyof OutboxRow)[];

const insertMessages = `
INSERT INTO webhook_messages (id, brand_id, event_type, event_id, body, occurred_at)
SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::timestamptz[])`;

const insertDeliveries = `
INSERT INTO webhook_deliveries (message_id, endpoint_id, brand_id, next_attempt_at, occurred_at)
SELECT * FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::timestamptz[])`;

/**
 * Inserts copies of the pending outbox rows and returns the rate, in events (a message and its
 * delivery) per second; `expected` is how many the projector wrote, checked against what is read.
 */
export async function rawOutboxRate(db: Database, expected: number): Promise<number> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT m.id, m.brand_id, m.event_type, m.event_id, m.body,
       m.occurred_at::text AS occurred_at, d.endpoint_id, d.next_attempt_at::text AS next_attempt_at
     FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id
     WHERE d.status = 'pending' ORDER BY d.id`,
  );
  if (rows.length !== expected) {
    throw new Error(`raw outbox: ${rows.length} pending rows, the projector wrote ${expected}`);
  }
  const copies = rows.map((row) => ({ ...row, id: `raw_${row.id.slice(4)}` }));
  const started = performance.now();
  for (let at = 0; at < copies.length; at += rowsPerTransaction) {
    const batch = copies.slice(at, at + rowsPerTransaction);
    const column = (key: keyof OutboxRow) => batch.map((row) => row[key]);
    await db.transaction(async (tx) => {
      const [id, brand, type, event, body, occurred, endpoint, due] = outboxColumns.map(column);
      await tx.query(insertMessages, [id, brand, type, event, body, occurred]);
      await tx.query(insertDeliveries, [id, endpoint, brand, due, occurred]);
    });
  }
  const seconds = (performance.now() - started) / 1000;
  // Unbounded: each deleted delivery has its foreign key checked against every attempt of the
  // earlier rounds (no index serves that check), longer than the API's statement timeout.
  const cleanup = forLongWork(db);
  await cleanup.query(`DELETE FROM webhook_deliveries WHERE message_id LIKE 'raw\\_%'`);
  await cleanup.query(`DELETE FROM webhook_messages WHERE id LIKE 'raw\\_%'`);
  return copies.length / seconds;
}

/**
 * The projector's targets of issue 15, met or missed, after each round's projector/raw rates
 * with the 1-minute load average; returns how many targets were missed.
 */
export function printProjectorTargets(
  projectRate: number,
  rawOutbox: number,
  deliverRate: number,
  rounds: readonly string[],
) {
  const targets = [
    {
      label: 'projector >= 0.5 of a raw batched INSERT of its rows',
      ratio: projectRate / rawOutbox,
      min: 0.5,
    },
    { label: "projector >= 1.0 of the deliverer's rate", ratio: projectRate / deliverRate, min: 1 },
  ];
  console.log(`raw batched INSERT of the same outbox rows: ${rawOutbox.toFixed(0)} events/s`);
  console.log(`rounds (projector/raw INSERT, events/s):   ${rounds.join(', ')}`);
  console.log('targets of issue 15 (same run)');
  for (const { label, ratio, min } of targets) {
    console.log(`  ${ratio >= min ? 'met ' : 'MISS'}  ${label}: ${ratio.toFixed(2)}`);
  }
  return targets.filter(({ ratio, min }) => !(ratio >= min)).length;
}
