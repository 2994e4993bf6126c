import { OperatorApiError, OperatorConnectionError } from './operator-client';
import type { ErrorBody } from './operator-client';

export interface GlobalOptions {
  url: string;
  token?: string;
  json?: boolean;
}

/** One operator API call for `brandctl webhooks`: JSON in and out, catalogued errors thrown. */
export async function request<T>(
  options: GlobalOptions,
  doFetch: typeof fetch,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const base = options.url.replace(/\/+$/, '');
  let response: Response;
  try {
    response = await doFetch(`${base}/admin/v1${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw new OperatorConnectionError(
      `Cannot reach ${base}: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    throw new OperatorConnectionError(
      `${base} answered ${response.status} without a JSON body; is it a Brand API server?`,
    );
  }
  if (!response.ok)
    throw new OperatorApiError(response.status, errorBodyOf(parsed, response.status));
  return parsed as T;
}

function errorBodyOf(body: unknown, status: number): ErrorBody {
  const candidate = body as Partial<ErrorBody> | null;
  return typeof candidate?.message === 'string' && typeof candidate.code === 'string'
    ? (candidate as ErrorBody)
    : { message: `HTTP ${status}`, code: 'HTTP_ERROR', statusCode: status };
}
