/**
 * Whether an error means the database cannot be reached or cannot serve right now (a server
 * restarting, a network cut, no connection slot), as opposed to a bug or a refused statement.
 * Callers answer such errors with "retry later"; the pool reconnects by itself once the server
 * is back.
 *
 * PGlite runs inside the process, so it has no connection to lose: of these, only the
 * resource errors (disk full, out of memory) can come from it.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Duck-typed rather than `instanceof Error`: errors of Node's own sockets may come from
  // another realm (a test VM), and the causes chain of a wrapped error is followed.
  for (let cause = error, depth = 0; isErrorLike(cause) && depth < 5; depth += 1) {
    if (isUnavailableItself(cause)) return true;
    cause = cause.cause;
  }
  return false;
}

interface ErrorLike {
  message: string;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** Node's socket errors on the way to the server. */
const socketErrors = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE: class 08 (connection exception), class 53 (insufficient resources: disk full, out
 * of memory, too many connections), and the operator-intervention codes that end sessions:
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 * shutting down), and 57014 query_canceled: a statement past `statement_timeout` (the server
 * is too busy, or a lock it waits for is held by a session cut off mid-transaction).
 */
const unavailableSqlState = /^(08|53)[0-9A-Z]{3}$|^57P0[123]$|^57014$/;

/**
 * node-postgres reports a lost or unusable connection with these messages and no code; 'Query
 * read timeout' is a statement the server did not answer within the pool's read timeout.
 */
const lostConnection =
  /^Connection terminated|^Client has encountered a connection error|^timeout exceeded when trying to connect|^Client was closed and is not queryable|^Query read timeout/;

function isUnavailableItself(error: ErrorLike): boolean {
  const { code, errors } = error;
  if (typeof code === 'string') {
    if (socketErrors.has(code) || unavailableSqlState.test(code)) return true;
  }
  // Connecting to a name with several addresses fails with an AggregateError of each attempt.
  if (Array.isArray(errors) && errors.some((each) => isDatabaseUnavailable(each))) return true;
  return lostConnection.test(error.message);
}
