import type { ErrorBody, ErrorCode, ErrorDetail } from './contract-types';

/**
 * Every error the Brand API answers, as one type: the error body's `code`, `statusCode`,
 * `message`, `requestId` and `details`. Network failures that outlast the retries are
 * `BrandApiConnectionError`s instead: no answer came, so there is no code.
 */
export class BrandApiError extends Error {
  override readonly name = 'BrandApiError';
  /**
   * The catalogued code, or `UNEXPECTED_RESPONSE` when the answer was not the API's error body
   * (a proxy's page, say): `statusCode` and `message` then describe what came.
   */
  readonly code: ErrorCode | 'UNEXPECTED_RESPONSE';
  readonly statusCode: number;
  /** The request id of the answer (`x-request-id`): quote it when asking for help. */
  readonly requestId: string | undefined;
  /** Each failing field or reason, for validation errors. */
  readonly details: ErrorDetail[] | undefined;
  /** Seconds the answer asked to wait before retrying (`Retry-After`), when it named any. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    body: Omit<ErrorBody, 'code' | 'requestId'> & {
      code: ErrorCode | 'UNEXPECTED_RESPONSE';
      requestId?: string;
    },
    retryAfterSeconds?: number,
  ) {
    super(body.message);
    this.code = body.code;
    this.statusCode = body.statusCode;
    this.requestId = body.requestId;
    this.details = body.details;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  toJSON() {
    return {
      message: this.message,
      code: this.code,
      statusCode: this.statusCode,
      requestId: this.requestId,
      details: this.details,
    };
  }
}

/** No answer arrived (connection refused or reset, DNS, timeout) and the retries ran out. */
export class BrandApiConnectionError extends Error {
  override readonly name = 'BrandApiConnectionError';
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
  }
}

/** Whether an answer's body is the API's error body (a proxy's HTML page is not). */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { code, statusCode, message } = value as Record<string, unknown>;
  return typeof code === 'string' && typeof statusCode === 'number' && typeof message === 'string';
}
