import { requestIdHeader } from '../http/request-id';

/**
 * An error answer's body without its `requestId`, after checking that the id is the one the
 * response's header carries: tests compare the rest exactly, as documented.
 */
export function errorOf(response: {
  body?: unknown;
  text?: string;
  headers: Record<string, string | string[] | undefined>;
}): Record<string, unknown> {
  const body = (response.body ?? JSON.parse(response.text ?? 'null')) as Record<string, unknown>;
  const { requestId, ...rest } = body;
  const header = response.headers[requestIdHeader];
  if (typeof requestId !== 'string' || requestId !== header) {
    throw new Error(
      `expected the error body's requestId (${String(requestId)}) to be the x-request-id header (${String(header)})`,
    );
  }
  return rest;
}
