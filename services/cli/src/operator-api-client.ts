/**
 * The one HTTP client of `brandctl`: it calls an operation of the operator API (`/admin/v1`) as
 * the contracts define it, so the request parts and the answer are typed by the same schemas
 * the server validates and answers with. It speaks plain HTTP through the injected `fetch`, so
 * the CLI works against any running instance, local or remote.
 */
import { OPERATOR_BASE_PATH } from '@brand-api/contracts';
import type {
  OperationBody,
  OperationContract,
  OperationParams,
  OperationQuery,
  OperationResponse,
} from '@brand-api/contracts';
import { foreignAnswer } from './base-url';
import type { ErrorAnswer } from './error-answer';
import { responseChecker } from './response-check';

/** The parts of a request, whichever operation they are for. */
interface RequestParts {
  params?: object;
  query?: object;
  body?: unknown;
}

export class OperatorApiError extends Error {
  override readonly name = 'OperatorApiError';
  constructor(
    readonly status: number,
    readonly body: ErrorAnswer,
    /** The body the request sent, so a detail's JSON pointer can show the value it names. */
    readonly requestBody?: unknown,
  ) {
    super(body.message);
  }
}

export class OperatorConnectionError extends Error {
  override readonly name = 'OperatorConnectionError';
  constructor(
    message: string,
    /**
     * `unreachable`: no answer at all; `refused`: nothing listens there (ECONNREFUSED);
     * `wrong-url`: what answered is not the operator API (`--url` names something else).
     */
    readonly reach: 'answered' | 'unreachable' | 'refused' | 'wrong-url' = 'answered',
  ) {
    super(message);
  }
}

/**
 * Whether an error or one of its causes is a refused connection. Duck-typed: fetch's errors
 * may come from another realm (a test VM), where `instanceof Error` does not hold.
 */
function isRefused(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, errors, cause } = error as { code?: unknown; errors?: unknown; cause?: unknown };
  if (code === 'ECONNREFUSED') return true;
  if (Array.isArray(errors) && errors.some((inner) => isRefused(inner, depth + 1))) return true;
  return isRefused(cause, depth + 1);
}

type Defined<T, Part> = T extends undefined ? unknown : Part;

/**
 * What a call passes: path parameters and the body when the operation has them, and the query
 * without the parameters the server defaults (`limit`).
 */
export type OperationInput<O extends OperationContract> = Defined<
  OperationParams<O>,
  { params: OperationParams<O> }
> &
  Defined<OperationQuery<O>, { query?: Partial<OperationQuery<O>> }> &
  Defined<OperationBody<O>, { body: OperationBody<O> }>;

export interface OperatorApiClientOptions {
  baseUrl: string;
  token: string | undefined;
  fetch?: typeof fetch;
  /** Per-request timeout; a hung server must not hang the operator's shell. */
  timeoutMs?: number;
  /** Check every answer against the operation's response schema (tests turn this on). */
  checkResponses?: boolean;
}

export interface OperatorApiClient {
  /** Calls the operation and resolves to its JSON answer; failures throw the errors above. */
  call<O extends OperationContract>(
    operation: O,
    input: OperationInput<O>,
  ): Promise<OperationResponse<O>>;
  /**
   * Calls an operation that answers a stream (the NDJSON export) and hands each chunk of text
   * to `onChunk`. No timeout: an export of a large log takes as long as it takes.
   */
  stream<O extends OperationContract>(
    operation: O,
    input: OperationInput<O>,
    onChunk: (text: string) => void,
  ): Promise<void>;
}

export function createOperatorApiClient(options: OperatorApiClientOptions): OperatorApiClient {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const check = options.checkResponses ? responseChecker() : undefined;

  async function send(
    operation: OperationContract,
    input: RequestParts,
    answer: 'json' | 'stream',
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    if (answer === 'json') headers.accept = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await doFetch(`${base}${OPERATOR_BASE_PATH}${pathOf(operation, input)}`, {
        method: operation.method.toUpperCase(),
        headers,
        ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
        ...(answer === 'json' ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
      });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const reason = cause instanceof Error ? cause.message : String(cause);
      const refused = isRefused(error);
      throw new OperatorConnectionError(
        `Cannot reach ${base}: ${refused ? 'connection refused (ECONNREFUSED)' : reason}`,
        refused ? 'refused' : 'unreachable',
      );
    }
  }

  async function failure(response: Response, input: RequestParts): Promise<Error> {
    const body = errorBodyOf(await response.text(), response.status);
    const foreign = foreignAnswer(base, response.status, body);
    if (foreign !== undefined) return new OperatorConnectionError(foreign, 'wrong-url');
    return new OperatorApiError(response.status, body, input.body);
  }

  return {
    async call(operation, input) {
      const response = await send(operation, input as RequestParts, 'json');
      if (!response.ok) throw await failure(response, input as RequestParts);
      const parsed = parseJson(await response.text());
      if (parsed === undefined) {
        throw new OperatorConnectionError(
          `${base} answered ${response.status} without a JSON body; is it a Brand API server?`,
        );
      }
      if (check) await check(operation, parsed);
      return parsed as OperationResponse<typeof operation>;
    },

    async stream(operation, input, onChunk) {
      const response = await send(operation, input as RequestParts, 'stream');
      if (!response.ok) throw await failure(response, input as RequestParts);
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

/** `/brands/{brandId}` with its parameters filled in, then the query string if any. */
function pathOf(operation: OperationContract, input: RequestParts): string {
  const params = (input.params ?? {}) as Record<string, string | number>;
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${operation.operationId}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  return search.size > 0 ? `${path}?${search.toString()}` : path;
}

function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The catalogued error body, or one made up from what a foreign server answered. */
function errorBodyOf(text: string, status: number): ErrorAnswer {
  const parsed = parseJson(text) as Partial<ErrorAnswer> | undefined;
  if (typeof parsed?.message === 'string' && typeof parsed.code === 'string') {
    return parsed as ErrorAnswer;
  }
  return {
    message: text.slice(0, 200) || `HTTP ${status}`,
    code: 'HTTP_ERROR',
    statusCode: status,
  };
}
