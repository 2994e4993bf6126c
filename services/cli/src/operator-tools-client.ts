/**
 * Client for the operator tools of `/admin/v1` (audit, projections, export), beside the brands
 * client in operator-client.ts and reporting failures the same way.
 */
import { OperatorApiError, OperatorConnectionError } from './operator-client';
import type { ErrorBody } from './operator-client';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface HistoryEntry {
  position: number;
  commit: number;
  entity: { kind: string; id: string } | null;
  stream: string;
  streamVersion: number;
  type: string;
  occurredAt: string;
  recordedAt: string;
  actor: { kind: string; id: string; name: string | null } | null;
  requestId: string | null;
  correlationId: string | null;
  causationId: string | null;
  changes: FieldChange[];
}

export interface EntityAt {
  entity: { kind: string; id: string };
  at: { position: number } | { time: string };
  existed: boolean;
  state: unknown;
  eventsApplied: number;
  lastEvent: { position: number; type: string; occurredAt: string; streamVersion: number } | null;
}

export interface JobStatus {
  projection: string;
  purpose: 'rebuild' | 'verify';
  state: 'queued' | 'replaying' | 'swapping' | 'comparing' | 'done' | 'failed' | 'interrupted';
  local: boolean;
  eventsDone: number;
  eventsTotal: number | null;
  eventsPerSecond: number | null;
  etaSeconds: number | null;
  position: number;
  resumed: boolean;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  result: unknown;
}

export interface ProjectionStatus {
  name: string;
  version: number | null;
  position: number;
  commit: number;
  lagEvents: number;
  lagSeconds: number;
  state: string;
  lastError: string | null;
  parked: number;
  updatedAt: string | null;
  rebuildable: boolean;
  rebuild: JobStatus | null;
}

export interface ParkedEvent {
  projection: string;
  position: number;
  commit: number;
  eventId: string;
  eventType: string;
  streamName: string;
  streamVersion: number;
  error: string;
  attempts: number;
  firstSeenAt: string;
  lastSeenAt: string;
  status: 'parked' | 'retried' | 'skipped';
  resolvedAt: string | null;
}

export interface ParkedActionResult {
  projection: string;
  position: number;
  outcome: 'retried' | 'skipped' | 'failed' | 'not-parked';
  error?: string;
}

export interface TableDiff {
  table: string;
  missingInLive: number;
  unexpectedInLive: number;
  changed: {
    key: Record<string, unknown>;
    fields: { column: string; live: unknown; rebuilt: unknown }[];
  }[];
  missing: Record<string, unknown>[];
  unexpected: Record<string, unknown>[];
  columns: { onlyLive: string[]; onlyRebuilt: string[] } | null;
  liveTableMissing: boolean;
}

export interface ParkedEventRef {
  commit: number;
  prepare: number;
  eventId: string;
  eventType: string;
  streamName: string;
  streamVersion: number;
  error: string;
}

export interface VerifyOutcome {
  position: { commit: number; prepare: number };
  drift: boolean;
  tables: TableDiff[];
  parking?: {
    parked: ParkedEventRef[];
    skipped: ParkedEventRef[];
    applicableNow: ParkedEventRef[];
    refusedNow: ParkedEventRef[];
  };
}

export interface OperatorToolsClient {
  history(entity: string, id: string): Promise<{ data: HistoryEntry[] }>;
  requestHistory(requestId: string): Promise<{ data: HistoryEntry[] }>;
  at(entity: string, id: string, at: string): Promise<{ data: EntityAt }>;
  projections(): Promise<{ head: { position: number; commit: number }; data: ProjectionStatus[] }>;
  startJob(name: string, purpose: 'rebuild' | 'verify'): Promise<{ data: JobStatus[] }>;
  job(name: string): Promise<{ data: JobStatus[] }>;
  cancelJob(name: string): Promise<{ data: JobStatus[] }>;
  parked(query: { projection?: string; status?: string }): Promise<{ data: ParkedEvent[] }>;
  resolveParked(
    position: number,
    action: 'retry' | 'skip',
    projection?: string,
  ): Promise<{ data: ParkedActionResult[] }>;
  /** Streams the NDJSON export, chunk by chunk. */
  exportEvents(
    query: { since?: string; brand?: string },
    onChunk: (text: string) => void,
  ): Promise<void>;
}

export function createOperatorToolsClient(options: {
  baseUrl: string;
  token: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): OperatorToolsClient {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function send(method: string, path: string, timeout: boolean): Promise<Response> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let response: Response;
    try {
      response = await doFetch(`${base}/admin/v1${path}`, {
        method,
        headers,
        ...(timeout ? { signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) } : {}),
      });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      throw new OperatorConnectionError(
        `Cannot reach ${base}: ${cause instanceof Error ? cause.message : String(cause)}`,
      );
    }
    if (!response.ok) {
      const text = await response.text();
      throw new OperatorApiError(response.status, errorBody(text, response.status));
    }
    return response;
  }

  async function call<T>(method: string, path: string): Promise<T> {
    const response = await send(method, path, true);
    try {
      return (await response.json()) as T;
    } catch {
      throw new OperatorConnectionError(`${base} answered without JSON; is it a Brand API server?`);
    }
  }

  const enc = encodeURIComponent;
  return {
    history: (entity, id) => call('GET', `/audit/history/${enc(entity)}/${enc(id)}`),
    requestHistory: (requestId) => call('GET', `/audit/requests/${enc(requestId)}`),
    at: (entity, id, at) => call('GET', `/audit/at/${enc(entity)}/${enc(id)}?at=${enc(at)}`),
    projections: () => call('GET', '/projections'),
    startJob: (name, purpose) => call('POST', `/projections/${enc(name)}/${purpose}`),
    job: (name) => call('GET', `/projections/${enc(name)}/job`),
    cancelJob: (name) => call('DELETE', `/projections/${enc(name)}/job`),
    parked(query) {
      const params = new URLSearchParams();
      if (query.projection !== undefined) params.set('projection', query.projection);
      if (query.status !== undefined) params.set('status', query.status);
      return call('GET', `/projections/parked${params.size > 0 ? `?${params.toString()}` : ''}`);
    },
    resolveParked(position, action, projection) {
      const search = projection === undefined ? '' : `?projection=${enc(projection)}`;
      return call('POST', `/projections/parked/${position}/${action}${search}`);
    },
    async exportEvents(query, onChunk) {
      const params = new URLSearchParams();
      if (query.since !== undefined) params.set('since', query.since);
      if (query.brand !== undefined) params.set('brand', query.brand);
      const search = params.size > 0 ? `?${params.toString()}` : '';
      const response = await send('GET', `/events/export${search}`, false);
      if (!response.body) return;
      const decoder = new TextDecoder();
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        onChunk(decoder.decode(chunk, { stream: true }));
      }
      const rest = decoder.decode();
      if (rest.length > 0) onChunk(rest);
    },
  };
}

function errorBody(text: string, status: number): ErrorBody {
  try {
    const parsed = JSON.parse(text) as Partial<ErrorBody>;
    if (typeof parsed.message === 'string' && typeof parsed.code === 'string') {
      return parsed as ErrorBody;
    }
  } catch {
    // not JSON: fall through
  }
  return {
    message: text.slice(0, 200) || `HTTP ${status}`,
    code: 'HTTP_ERROR',
    statusCode: status,
  };
}
