import type { ErrorBody, ErrorDetail } from './entities/error-body';
import { errorCatalogue } from './error-catalogue';
import type { ErrorCatalogueEntry, ErrorCode } from './error-catalogue';

export interface ErrorOverrides {
  message?: string;
  details?: ErrorDetail[];
}

/**
 * The response body for a catalogued error of the request `requestId`; the status always comes
 * from the catalogue.
 */
export function errorBody(
  code: ErrorCode,
  requestId: string,
  overrides: ErrorOverrides = {},
): ErrorBody {
  const entry: ErrorCatalogueEntry = errorCatalogue[code];
  const body: ErrorBody = {
    message: overrides.message ?? entry.message,
    code,
    statusCode: entry.statusCode,
    requestId,
  };
  if (overrides.details !== undefined && overrides.details.length > 0) {
    body.details = overrides.details;
  }
  return body;
}

/**
 * Thrown anywhere in the API; the error boundary turns it into {@link errorBody}, with its
 * status from the catalogue and its `headers` (such as `Retry-After`) on the answer, so no
 * code sets response headers before throwing.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly code: ErrorCode,
    options: {
      message?: string;
      details?: ErrorDetail[];
      cause?: unknown;
      headers?: Readonly<Record<string, string>>;
    } = {},
  ) {
    super(options.message ?? errorCatalogue[code].message, { cause: options.cause });
    this.statusCode = errorCatalogue[code].statusCode;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  toBody(requestId: string): ErrorBody {
    return errorBody(this.code, requestId, {
      message: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
    });
  }
}
