/**
 * A minimal Brand API client for the guides: bearer key, JSON in and out, and the error body
 * turned into an exception. Node 20+ (global fetch). Compiled by the docs site's CI.
 */

// #region client
/** Every error of the Brand API has this body. */
export interface BrandApiErrorBody {
  message: string;
  code: string;
  statusCode: number;
  requestId?: string;
  /** For validation errors: each failing field as a JSON pointer, e.g. /upsertRecords/3/title. */
  details?: Array<{ location?: string; field?: string; message: string }>;
}

export class BrandApiError extends Error {
  constructor(
    readonly body: BrandApiErrorBody,
    /** Seconds to wait before retrying, from the Retry-After header of a 429. */
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(`${body.statusCode} ${body.code}: ${body.message}`);
  }
}

export interface BrandApiOptions {
  /** e.g. https://<api host>/api/v1 — the API host comes with your API keys. */
  baseUrl: string;
  apiKey: string;
}

export async function brandApi<T>(
  options: BrandApiOptions,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${options.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${options.apiKey}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const retryAfter = response.headers.get('Retry-After');
    throw new BrandApiError(
      (await response.json()) as BrandApiErrorBody,
      retryAfter === null ? undefined : Number(retryAfter),
    );
  }
  return (await response.json()) as T;
}
// #endregion client
