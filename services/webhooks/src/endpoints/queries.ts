import { lookup } from '@brand-api/event-store';
import type { Queryable } from '@brand-api/event-store';
import { decodeIdCursor, encodeIdCursor } from './cursor';

/** An endpoint as operators see it: never its secrets. */
export interface WebhookEndpointView {
  id: string;
  brandId: string;
  url: string;
  /** null: every event type. */
  eventTypes: string[] | null;
  enabled: boolean;
  disabledReason: string | null;
  /** Until then messages carry a second signature with the previous secret. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookAttemptView {
  id: number;
  messageId: string;
  attempt: number;
  url: string;
  attemptedAt: string;
  durationMs: number;
  statusCode: number | null;
  outcome: 'delivered' | 'retrying' | 'failed';
  error: string | null;
  responseExcerpt: string | null;
  nextAttemptAt: string | null;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryView {
  id: number;
  messageId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  occurredAt: string;
  finishedAt: string | null;
}

export interface IdPage<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

interface EndpointRow {
  id: string;
  brand_id: string;
  url: string;
  event_types: string[] | null;
  enabled: boolean;
  disabled_reason: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const endpointColumns = `id::text, brand_id::text, url, event_types, enabled, disabled_reason,
  previous_secret_expires_at, created_at, updated_at`;

const toEndpoint = (row: EndpointRow): WebhookEndpointView => ({
  id: row.id,
  brandId: row.brand_id,
  url: row.url,
  eventTypes: row.event_types,
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  previousSecretExpiresAt: iso(row.previous_secret_expires_at),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** A brand's endpoints, oldest first (brands have a handful, so no pages). */
export async function listWebhookEndpoints(
  db: Queryable,
  brandId: string,
): Promise<WebhookEndpointView[]> {
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${endpointColumns} FROM webhook_endpoints WHERE brand_id = $1 ORDER BY created_at, id`,
    [brandId],
  );
  return rows.map(toEndpoint);
}

/** Undefined for an unknown endpoint and for another brand's. */
export const getWebhookEndpoint = lookup<
  [brandId: string, endpointId: string],
  EndpointRow,
  WebhookEndpointView
>(`SELECT ${endpointColumns} FROM webhook_endpoints WHERE brand_id = $1 AND id = $2`, toEndpoint);

interface AttemptRow {
  id: number;
  message_id: string;
  attempt: number;
  url: string;
  attempted_at: Date;
  duration_ms: number;
  status_code: number | null;
  outcome: WebhookAttemptView['outcome'];
  error: string | null;
  response_excerpt: string | null;
  next_attempt_at: Date | null;
}

/** An endpoint's attempts, newest first, keyset-paginated on the attempt id. */
export async function listWebhookAttempts(
  db: Queryable,
  endpointId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<IdPage<WebhookAttemptView>> {
  const before = page.cursor === undefined ? null : decodeIdCursor(page.cursor);
  const { rows } = await db.query<AttemptRow>(
    `SELECT id, message_id, attempt, url, attempted_at, duration_ms, status_code, outcome, error,
            response_excerpt, next_attempt_at
     FROM webhook_attempts
     WHERE endpoint_id = $1 AND ($2::bigint IS NULL OR id < $2)
     ORDER BY id DESC LIMIT $3`,
    [endpointId, before, page.limit + 1],
  );
  return toPage(rows, page.limit, (row) => ({
    id: row.id,
    messageId: row.message_id,
    attempt: row.attempt,
    url: row.url,
    attemptedAt: row.attempted_at.toISOString(),
    durationMs: row.duration_ms,
    statusCode: row.status_code,
    outcome: row.outcome,
    error: row.error,
    responseExcerpt: row.response_excerpt,
    nextAttemptAt: iso(row.next_attempt_at),
  }));
}

interface DeliveryRow {
  id: number;
  message_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date;
  last_status_code: number | null;
  last_error: string | null;
  occurred_at: Date;
  finished_at: Date | null;
}

/** An endpoint's messages, newest first, optionally only those in one status. */
export async function listWebhookDeliveries(
  db: Queryable,
  endpointId: string,
  page: { limit: number; cursor?: string | undefined; status?: DeliveryStatus | undefined },
): Promise<IdPage<WebhookDeliveryView>> {
  const before = page.cursor === undefined ? null : decodeIdCursor(page.cursor);
  const { rows } = await db.query<DeliveryRow>(
    `SELECT d.id, d.message_id, m.event_type, d.status, d.attempts, d.next_attempt_at,
            d.last_status_code, d.last_error, d.occurred_at, d.finished_at
     FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id
     WHERE d.endpoint_id = $1 AND ($2::bigint IS NULL OR d.id < $2)
       AND ($3::text IS NULL OR d.status = $3)
     ORDER BY d.id DESC LIMIT $4`,
    [endpointId, before, page.status ?? null, page.limit + 1],
  );
  return toPage(rows, page.limit, (row) => ({
    id: row.id,
    messageId: row.message_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    occurredAt: row.occurred_at.toISOString(),
    finishedAt: iso(row.finished_at),
  }));
}

function toPage<R extends { id: number }, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
): IdPage<T> {
  const hasMore = rows.length > limit;
  const shown = hasMore ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return {
    data: shown.map(map),
    hasMore,
    nextCursor: hasMore && last ? encodeIdCursor(last.id) : null,
  };
}
