import { checkpointsChannel } from '@brand-api/event-store';
import type { Queryable } from '@brand-api/event-store';

/** Which deliveries an operator sends now: one message's, or an endpoint's since a time. */
export type SendNowSelection = { messageId: string } | { endpointId: string; since: Date };

/** What sending now found among the deliveries it selected that are not delivered yet. */
export interface SendNowCounts {
  /** Failed deliveries put back in the queue, due now, with a fresh retry schedule. */
  failed: number;
  /** Pending deliveries whose next attempt was moved to now (their schedule goes on). */
  pending: number;
  /** Pending deliveries a deliverer is sending at this moment: left to it. */
  sending: number;
  /** Deliveries to a disabled endpoint: sent now they would only fail again, so left alone. */
  disabled: number;
}

interface CountRow {
  status: 'pending' | 'failed';
  enabled: boolean;
  sending: boolean;
  count: number;
}

/**
 * Makes the selected pending and failed deliveries due now, through the outbox's own locking:
 * the rows are locked (`FOR UPDATE`, which waits for a claim transaction in progress and then
 * reads the row as it left it), and a row a deliverer holds under a lease that has not ended is
 * being sent at this moment, so it is left to that deliverer: nothing is sent twice beyond what
 * at-least-once delivery already allows (a deliverer that dies mid-request). A failed delivery
 * starts a fresh retry schedule and keeps its message id, so a receiver that did process it
 * recognises it. Deliverers are woken on the channel they listen on, so they claim the rows at
 * once rather than at their next poll.
 */
export async function sendNow(
  db: Queryable,
  selection: SendNowSelection,
  now: Date,
): Promise<SendNowCounts> {
  const [filter, params]: [string, unknown[]] =
    'messageId' in selection
      ? ['d.message_id = $2', [selection.messageId]]
      : ['d.endpoint_id = $2 AND d.occurred_at >= $3', [selection.endpointId, selection.since]];
  const { rows } = await db.query<CountRow>(
    `WITH chosen AS (
       SELECT d.id, d.status, e.enabled,
              d.status = 'pending' AND d.claim_token IS NOT NULL AND d.next_attempt_at > $1
                AS sending
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.status <> 'delivered' AND ${filter}
       FOR UPDATE OF d
     ),
     queued AS (
       UPDATE webhook_deliveries d
       SET status = 'pending',
           next_attempt_at = $1,
           attempts = CASE WHEN c.status = 'failed' THEN 0 ELSE d.attempts END,
           claim_token = CASE WHEN c.status = 'failed' THEN NULL ELSE d.claim_token END,
           last_error = CASE WHEN c.status = 'failed' THEN NULL ELSE d.last_error END,
           last_status_code = CASE WHEN c.status = 'failed' THEN NULL ELSE d.last_status_code END,
           finished_at = NULL
       FROM chosen c
       WHERE d.id = c.id AND c.enabled AND NOT c.sending
       RETURNING d.id
     )
     SELECT c.status, c.enabled, c.sending, count(*)::int AS count
     FROM chosen c GROUP BY c.status, c.enabled, c.sending`,
    [now, ...params],
  );
  const counts: SendNowCounts = { failed: 0, pending: 0, sending: 0, disabled: 0 };
  for (const row of rows) {
    const kind = !row.enabled ? 'disabled' : row.sending ? 'sending' : row.status;
    counts[kind] += row.count;
  }
  if (counts.failed + counts.pending > 0) {
    // The deliverers' channel (see `createDeliverer`); inside a transaction it leaves at commit.
    await db.query('SELECT pg_notify($1, $2)', [checkpointsChannel, 'webhook-deliveries']);
  }
  return counts;
}

/** A message's deliveries: how many there are and how many were delivered. */
export interface MessageRetry extends SendNowCounts {
  deliveries: number;
  delivered: number;
}

/**
 * Sends one message now to every endpoint it is not delivered to (see `sendNow`). Undefined when
 * no message has this id.
 */
export async function retryWebhookMessage(
  db: Queryable,
  messageId: string,
  now: Date,
): Promise<MessageRetry | undefined> {
  const { rows } = await db.query<{ deliveries: number; delivered: number }>(
    `SELECT count(d.id)::int AS deliveries,
            (count(d.id) FILTER (WHERE d.status = 'delivered'))::int AS delivered
     FROM webhook_messages m LEFT JOIN webhook_deliveries d ON d.message_id = m.id
     WHERE m.id = $1 GROUP BY m.id`,
    [messageId],
  );
  const found = rows[0];
  if (!found) return undefined;
  return { ...found, ...(await sendNow(db, { messageId }, now)) };
}
