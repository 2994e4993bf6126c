/**
 * A small typed client for the operator API (`/admin/v1`). It speaks plain HTTP through the
 * injected `fetch`, so the CLI works against any running instance, local or remote.
 */

export interface Brand {
  id: string;
  name: string;
  customAuthEnabled: boolean;
  createdAt?: string;
  updatedAt?: string;
}

export interface ApiKeySummary {
  id: string;
  brandId?: string;
  name: string | null;
  scopes: string[];
  prefix?: string;
  createdAt?: string;
  revokedAt?: string | null;
}

/** Returned once, when the key is created: the only time its secret is visible. */
export interface IssuedApiKey extends ApiKeySummary {
  key: string;
}

/** A community member as the operator API answers it (the Brand API's Member). */
export interface Member {
  id: string;
  username: string;
  firstName: string;
  lastName?: string | null;
  email: string;
  phoneNumber?: string;
  isEmailVerified: boolean;
  isBanned?: boolean;
  role: string;
  groupIds: string[];
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string | null;
}

export interface ErrorBody {
  message: string;
  code: string;
  statusCode: number;
  [extra: string]: unknown;
}

export class OperatorApiError extends Error {
  override readonly name = 'OperatorApiError';
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

export class OperatorConnectionError extends Error {
  override readonly name = 'OperatorConnectionError';
}

export interface OperatorClientOptions {
  baseUrl: string;
  token: string | undefined;
  fetch?: typeof fetch;
  /** Per-request timeout; a hung server must not hang the operator's shell. */
  timeoutMs?: number;
}

export interface OperatorClient {
  createBrand(input: { name: string; customAuthEnabled?: boolean }): Promise<{ data: Brand }>;
  listBrands(query?: { limit?: number; cursor?: string }): Promise<Page<Brand>>;
  updateBrand(
    brandId: string,
    patch: { name?: string; customAuthEnabled?: boolean },
  ): Promise<{ data: Brand }>;
  createKey(
    brandId: string,
    input: { name?: string; scopes: string[] },
  ): Promise<{ data: IssuedApiKey }>;
  listKeys(brandId: string): Promise<{ data: ApiKeySummary[] }>;
  revokeKey(brandId: string, keyId: string): Promise<{ data: ApiKeySummary }>;
  setMemberRole(brandId: string, memberId: string, role: string): Promise<{ data: Member }>;
}

export function createOperatorClient(options: OperatorClientOptions): OperatorClient {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(`${base}/admin/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new OperatorConnectionError(`Cannot reach ${base}: ${reason}`);
    }
    const text = await response.text();
    const parsed = parseJson(text);
    if (!response.ok) {
      throw new OperatorApiError(response.status, asErrorBody(parsed, response.status, text));
    }
    if (parsed === undefined) {
      throw new OperatorConnectionError(
        `${base} answered ${response.status} without a JSON body; is it a Brand API server?`,
      );
    }
    return parsed as T;
  }

  const brandPath = (brandId: string) => `/brands/${encodeURIComponent(brandId)}`;

  return {
    createBrand: (input) => call('POST', '/brands', input),
    listBrands: (query = {}) => {
      const params = new URLSearchParams();
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      if (query.cursor !== undefined) params.set('cursor', query.cursor);
      const search = params.size > 0 ? `?${params.toString()}` : '';
      return call('GET', `/brands${search}`);
    },
    updateBrand: (brandId, patch) => call('PATCH', brandPath(brandId), patch),
    createKey: (brandId, input) => call('POST', `${brandPath(brandId)}/api-keys`, input),
    listKeys: (brandId) => call('GET', `${brandPath(brandId)}/api-keys`),
    revokeKey: (brandId, keyId) =>
      call('DELETE', `${brandPath(brandId)}/api-keys/${encodeURIComponent(keyId)}`),
    setMemberRole: (brandId, memberId, role) =>
      call('PATCH', `${brandPath(brandId)}/members/${encodeURIComponent(memberId)}`, { role }),
  };
}

function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function asErrorBody(parsed: unknown, status: number, text: string): ErrorBody {
  if (
    typeof parsed === 'object' &&
    parsed !== null &&
    typeof (parsed as ErrorBody).message === 'string' &&
    typeof (parsed as ErrorBody).code === 'string'
  ) {
    return parsed as ErrorBody;
  }
  return {
    message: text.slice(0, 200) || `HTTP ${status}`,
    code: 'HTTP_ERROR',
    statusCode: status,
  };
}
