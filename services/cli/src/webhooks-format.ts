/** How `brandctl webhooks` shows endpoints, attempts and messages, and how it reads its options. */
import { InvalidArgumentError } from 'commander';

export interface Endpoint {
  id: string;
  url: string;
  eventTypes: string[] | null;
  enabled: boolean;
  disabledReason?: string | null;
  previousSecretExpiresAt?: string | null;
  createdAt?: string | null;
}

export interface Attempt {
  attempt: number;
  messageId: string;
  attemptedAt: string;
  durationMs: number;
  statusCode: number | null;
  outcome: string;
  error: string | null;
}

export interface Message {
  messageId: string;
  eventType: string;
  status: string;
  attempts: number;
  occurredAt: string;
  nextAttemptAt: string | null;
  lastError: string | null;
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

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

export function formatAttempt(attempt: Attempt): string {
  const status = attempt.statusCode === null ? '---' : String(attempt.statusCode);
  const error = attempt.error ? `  ${attempt.error}` : '';
  return `${attempt.attemptedAt}  ${attempt.messageId}  #${attempt.attempt}  ${status}  ${attempt.outcome}  ${attempt.durationMs} ms${error}`;
}

export function formatMessage(message: Message): string {
  const next = message.nextAttemptAt ? `  next ${message.nextAttemptAt}` : '';
  const error = message.lastError ? `  ${message.lastError}` : '';
  return `${message.occurredAt}  ${message.messageId}  ${message.eventType}  ${message.status}  ${message.attempts} attempt(s)${next}${error}`;
}

export function formatPage<T>(page: Page<T>, format: (item: T) => string, empty: string): string {
  const lines = page.data.length === 0 ? [empty] : page.data.map(format);
  if (page.hasMore && page.nextCursor) lines.push(`More: --cursor ${page.nextCursor}`);
  return lines.join('\n');
}

export function query(options: { limit?: number; cursor?: string; status?: string }): string {
  const params = new URLSearchParams();
  if (options.limit !== undefined) params.set('limit', String(options.limit));
  if (options.cursor !== undefined) params.set('cursor', options.cursor);
  if (options.status !== undefined) params.set('status', options.status);
  return params.size > 0 ? `?${params.toString()}` : '';
}

const eventTypes = [
  'user.joined',
  'post.created',
  'post.liked',
  'post_comment.created',
  'post_comment.liked',
];

export function eventList(value: string): string[] {
  const types = value
    .split(',')
    .map((type) => type.trim())
    .filter((type) => type.length > 0);
  const unknown = types.filter((type) => !eventTypes.includes(type));
  if (types.length === 0 || unknown.length > 0) {
    throw new InvalidArgumentError(`event types are ${eventTypes.join(', ')}`);
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

export function parseStatus(value: string): string {
  if (!['pending', 'delivered', 'failed'].includes(value)) {
    throw new InvalidArgumentError('pending, delivered or failed');
  }
  return value;
}

export function parseTime(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time))
    throw new InvalidArgumentError('an ISO 8601 time, e.g. 2025-03-01T00:00:00Z');
  return new Date(time).toISOString();
}
