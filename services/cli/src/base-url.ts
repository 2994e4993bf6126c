import { API_BASE_PATH, OPERATOR_BASE_PATH } from '@brand-api/contracts';
import type { ErrorAnswer } from './error-answer';

/** A `--url` that cannot be the base URL of a Brand API server. */
export class BaseUrlError extends Error {
  override readonly name = 'BaseUrlError';
}

/** The API prefixes a server answers under; `--url` names the server, brandctl adds its own. */
const apiPrefixes = [API_BASE_PATH, OPERATOR_BASE_PATH, '/community/v1'];

const advice = 'pass the base URL of the server, e.g. --url http://localhost:3000';

/**
 * Checks `--url` before any request: an absolute http(s) URL that does not end in one of the
 * API prefixes (`…/api/v1` would send `…/api/v1/admin/v1/brands`, which the Brand API's key
 * check refuses as "Invalid API key"). A path before the prefixes stays allowed: a server may
 * sit behind a proxy under one. Answers the URL without its trailing slashes.
 */
export function checkBaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BaseUrlError(`--url ${url} is not an absolute URL: ${advice}.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new BaseUrlError(`--url ${url} is not an http(s) URL: ${advice}.`);
  }
  const path = parsed.pathname.replace(/\/+$/, '');
  const prefix = apiPrefixes.find((candidate) => path.endsWith(candidate));
  if (prefix !== undefined) {
    const base = `${parsed.origin}${path.slice(0, -prefix.length)}`;
    throw new BaseUrlError(
      `--url ${url} looks wrong: it ends in ${prefix}, an API prefix. brandctl adds ` +
        `${OPERATOR_BASE_PATH} itself; pass the base URL of the server: --url ${base}`,
    );
  }
  return url.replace(/\/+$/, '');
}

/**
 * An error answer the operator API never gives, so something else answered at `base`: the
 * Brand API's key check (`--url` points inside another API), or a server that is not a Brand
 * API server (an answer outside the error catalogue). Undefined when the answer is the
 * operator API's own.
 */
export function foreignAnswer(base: string, status: number, body: ErrorAnswer): string | undefined {
  const brandApiKeyCheck = body.code === 'UNAUTHORIZED' || body.code === 'INVALID_API_KEY';
  const foreign = body.code === 'HTTP_ERROR' && (status === 401 || status === 404);
  if (!brandApiKeyCheck && !foreign) return undefined;
  return (
    `${base}${OPERATOR_BASE_PATH} answered "${body.message}" (HTTP ${status}), which the ` +
    `operator API never answers: the URL looks wrong; ${advice}.`
  );
}
