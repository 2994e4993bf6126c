/**
 * brandctl's exit statuses: sysexits(3) for the failures it names (usage, data, unavailable,
 * no permission), so scripts can tell a typo from a refused input, a server that is down and a
 * wrong token; 1 for the server's other refusals.
 */
export const exitCodes = {
  ok: 0,
  /** The server refused the request for another reason (404 not found, 409 conflict, …). */
  refused: 1,
  /** `projections verify` found a live table that differs from the log. */
  drift: 3,
  /** EX_USAGE: an unknown command or option, a missing argument or option, a malformed --url. */
  usage: 64,
  /** EX_DATAERR: the server refused the input (HTTP 400 or 422). */
  dataError: 65,
  /** EX_UNAVAILABLE: the server cannot be reached, or answered 502, 503 or 504. */
  unavailable: 69,
  /** EX_NOPERM: the operator token is missing or wrong (HTTP 401 or 403). */
  noPermission: 77,
  /** A rebuild interrupted by Ctrl-C (as for SIGINT). */
  interrupted: 130,
} as const;

/** The exit statuses as `brandctl --help` lists them. */
export const exitStatusHelp = `
Exit status:
  0    success
  1    the server refused the request (not found, conflict, …), or a parked event still fails
  3    projections verify found drift
  64   usage: unknown command or option, missing argument or option, malformed --url (EX_USAGE)
  65   data: the server refused the input (HTTP 400, 422): fix the values it names (EX_DATAERR)
  69   unavailable: the server cannot be reached or answered 502/503/504 (EX_UNAVAILABLE)
  77   no permission: missing or wrong operator token, HTTP 401/403 (EX_NOPERM)
  130  a rebuild interrupted with Ctrl-C
`;
