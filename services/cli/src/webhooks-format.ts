/** How `brandctl webhooks` shows endpoints, attempts and messages, and how it reads its options. */
import { webhookEventTypes } from '@brand-api/contracts';
import type {
  AdminWebhookEndpoint,
  WebhookAttempt,
  WebhookEventType,
  WebhookMessage,
} from '@brand-api/contracts';
import { InvalidArgumentError } from 'commander';

/** A registered endpoint as any answer shows it (creation does not show the rotation). */
type Endpoint = Pick<AdminWebhookEndpoint, 'id' | 'url' | 'eventTypes' | 'enabled'> &
  Partial<Pick<AdminWebhookEndpoint, 'disabledReason' | 'previousSecretExpiresAt'>>;

type MessageStatus = WebhookMessage['status'];

export function formatEndpoint(endpoint: Endpoint): string {
  const state = endpoint.enabled
    ? 'enabled'
    : `disabled${endpoint.disabledReason ? ` (${endpoint.disabledReason})` : ''}`;
  const lines = [
    `id:      ${endpoint.id}`,
    `url:     ${endpoint.url}`,
    `events:  ${endpoint.eventTypes === null ? 'all' : endpoint.eventTypes.join(', ')}`,
    `state:   ${state}`,
  ];
  if (endpoint.previousSecretExpiresAt) {
    lines.push(`rotated: previous secret signs until ${endpoint.previousSecretExpiresAt}`);
  }
  return lines.join('\n');
}

export function formatAttempt(attempt: WebhookAttempt): string {
  const status = attempt.statusCode === null ? '---' : String(attempt.statusCode);
  const error = attempt.error ? `  ${attempt.error}` : '';
  return `${attempt.attemptedAt}  ${attempt.messageId}  #${attempt.attempt}  ${status}  ${attempt.outcome}  ${attempt.durationMs} ms${error}`;
}

export function formatMessage(message: WebhookMessage): string {
  const next = message.nextAttemptAt ? `  next ${message.nextAttemptAt}` : '';
  const error = message.lastError ? `  ${message.lastError}` : '';
  return `${message.occurredAt}  ${message.messageId}  ${message.eventType}  ${message.status}  ${message.attempts} attempt(s)${next}${error}`;
}

/** What `webhooks replay` did, counted as the server answered. */
export function describeReplay(replay: {
  queued: number;
  failed: number;
  pending: number;
  sending: number;
}): string {
  const lines = [
    `Queued ${replay.queued} message(s) for delivery now: ${replay.failed} failed, ${replay.pending} pending.`,
  ];
  if (replay.sending > 0) lines.push(beingSent(replay.sending, 'message(s) are'));
  return lines.join('\n');
}

/** What `webhooks retry` did with each delivery of the message. */
export function describeRetry(retry: {
  messageId: string;
  queued: number;
  failed: number;
  sending: number;
  delivered: number;
  disabled: number;
}): string {
  const lines: string[] = [];
  if (retry.queued > 0) {
    const fresh = retry.failed > 0 ? ` (${retry.failed} had failed: a fresh retry schedule)` : '';
    lines.push(`Sending ${retry.messageId} now to ${retry.queued} endpoint(s)${fresh}.`);
  }
  if (retry.sending > 0)
    lines.push(beingSent(retry.sending, `endpoint(s) are getting ${retry.messageId}`));
  if (retry.delivered > 0) lines.push(`Already delivered to ${retry.delivered} endpoint(s).`);
  if (retry.disabled > 0) {
    lines.push(
      `Not sent to ${retry.disabled} disabled endpoint(s): enable them with webhooks update --enable.`,
    );
  }
  return lines.join('\n');
}

const beingSent = (count: number, what: string) =>
  `${count} ${what} at this moment, left to the deliverer: webhooks attempts shows the outcome.`;

export function formatPage<T>(
  page: { data: readonly T[]; hasMore: boolean; nextCursor: string | null },
  format: (item: T) => string,
  empty: string,
): string {
  const lines = page.data.length === 0 ? [empty] : page.data.map(format);
  if (page.hasMore && page.nextCursor) lines.push(`More: --cursor ${page.nextCursor}`);
  return lines.join('\n');
}

const isEventType = (type: string): type is WebhookEventType =>
  (webhookEventTypes as readonly string[]).includes(type);

export function eventList(value: string): WebhookEventType[] {
  const types = value
    .split(',')
    .map((type) => type.trim())
    .filter((type) => type.length > 0);
  if (types.length === 0 || !types.every(isEventType)) {
    throw new InvalidArgumentError(`event types are ${webhookEventTypes.join(', ')}`);
  }
  return types;
}

export function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new InvalidArgumentError('an integer from 1 to 100');
  }
  return limit;
}

const messageStatuses: readonly MessageStatus[] = ['pending', 'delivered', 'failed'];

export function parseStatus(value: string): MessageStatus {
  const status = messageStatuses.find((known) => known === value);
  if (!status) throw new InvalidArgumentError('pending, delivered or failed');
  return status;
}

export function parseTime(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time))
    throw new InvalidArgumentError('an ISO 8601 time, e.g. 2025-03-01T00:00:00Z');
  return new Date(time).toISOString();
}
