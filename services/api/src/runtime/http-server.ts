import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from '@brand-api/contracts';
import type { ErrorCode } from '@brand-api/contracts';
import type { Logger } from 'pino';

/**
 * Timeouts that fit an API whose bodies are at most 1 MB: a client that opens a connection, or
 * announces a body, and then sends nothing is cut off in seconds instead of Node's 300 s. docs/http.md
 * states these figures.
 */
export const apiTimeouts = {
  /** The request line and headers must arrive within this. */
  headersMs: 10_000,
  /** The whole request, headers and body, within this. */
  requestMs: 30_000,
  /** A kept-alive connection with no request in flight is closed after this. */
  keepAliveMs: 5_000,
  /** How often Node looks for requests past the two limits above: how late it may notice. */
  checkEveryMs: 1_000,
};

export type ApiTimeouts = typeof apiTimeouts;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The API's HTTP server: its timeouts, and answers in the error format for requests that never
 * reach the app (too slow, headers too large, not HTTP), which Node would otherwise answer with
 * a bare status line.
 */
export function createApiServer(
  handler: Handler,
  logger: Logger,
  timeouts: ApiTimeouts = apiTimeouts,
): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    handler,
  );
  server.keepAliveTimeout = timeouts.keepAliveMs;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(error, socket, logger),
  );
  return server;
}

function clientErrorCode(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  return 'MALFORMED_REQUEST';
}

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, logger: Logger): void {
  // Once a response has begun (or the peer is gone) nothing more can be said on this socket.
  const response = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const requestId = randomUUID();
  const answer = errorBody(clientErrorCode(error), requestId);
  const body = JSON.stringify(answer);
  const { statusCode } = answer;
  logger.info({ requestId, code: error.code }, 'request refused before routing');
  socket.end(
    [
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? ''}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'X-Content-Type-Options: nosniff',
      `X-Request-Id: ${requestId}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
