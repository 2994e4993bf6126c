import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import { checkLiteralHost, guardedLookup, WebhookTargetError } from './target-guard';
import type { TargetPolicy } from './target-guard';

export interface WebhookRequest {
  url: string;
  headers: Readonly<Record<string, string>>;
  body: string;
  /** Whole request: connect, send, response headers and the excerpt. */
  timeoutMs: number;
}

export interface WebhookResponse {
  statusCode: number;
  /** Lower-case header names. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The start of the response body, at most `maxExcerptChars` characters. */
  bodyExcerpt: string;
}

/** How a request failed without an HTTP answer. */
export class WebhookRequestError extends Error {
  override readonly name = 'WebhookRequestError';
  constructor(
    readonly kind: 'timeout' | 'network' | 'target',
    message: string,
  ) {
    super(message);
  }
}

/** The deliverer's only way out: injected, so tests can substitute it and benches can share it. */
export interface WebhookHttpClient {
  post(request: WebhookRequest): Promise<WebhookResponse>;
  close(): void;
}

export const maxExcerptChars = 1000;
const maxExcerptBytes = 4 * maxExcerptChars;

export interface NodeHttpClientOptions {
  policy: TargetPolicy;
  /** Sockets per origin kept open and reused (default 64). */
  maxSocketsPerOrigin?: number;
}

/**
 * node:http(s) with keep-alive. Redirects are never followed (node does not follow them; a 3xx
 * comes back as an answer like any other), and the target guard checks every new connection.
 */
export function createNodeHttpClient(options: NodeHttpClientOptions): WebhookHttpClient {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSocketsPerOrigin ?? 64 };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  const lookup = guardedLookup(options.policy);

  return {
    post(request) {
      return new Promise<WebhookResponse>((resolve, reject) => {
        let url: URL;
        try {
          url = new URL(request.url);
          checkLiteralHost(url, options.policy);
        } catch (error) {
          reject(asRequestError(error));
          return;
        }
        const secure = url.protocol === 'https:';
        const body = Buffer.from(request.body, 'utf8');
        const req = (secure ? https : http).request(url, {
          method: 'POST',
          agent: secure ? agents.https : agents.http,
          lookup,
          headers: { ...request.headers, 'content-length': String(body.length) },
        });
        const timer = setTimeout(() => {
          req.destroy(
            new WebhookRequestError('timeout', `no complete answer within ${request.timeoutMs} ms`),
          );
        }, request.timeoutMs);
        const fail = (error: unknown) => {
          clearTimeout(timer);
          reject(asRequestError(error));
        };
        req.on('error', fail);
        req.on('response', (response) => {
          readExcerpt(response).then((bodyExcerpt) => {
            clearTimeout(timer);
            resolve({
              statusCode: response.statusCode ?? 0,
              headers: flattenHeaders(response),
              bodyExcerpt,
            });
          }, fail);
        });
        req.end(body);
      });
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/** Reads at most a few KiB; a longer body is cut off by closing that connection. */
function readExcerpt(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve(text.length > maxExcerptChars ? text.slice(0, maxExcerptChars) : text);
    };
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxExcerptBytes) {
        response.destroy();
        finish();
      }
    });
    response.on('end', finish);
    response.on('error', (error) => (size >= maxExcerptBytes ? undefined : reject(error)));
  });
}

function flattenHeaders(response: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function asRequestError(error: unknown): WebhookRequestError {
  if (error instanceof WebhookRequestError) return error;
  if (error instanceof WebhookTargetError) return new WebhookRequestError('target', error.message);
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
    return new WebhookRequestError('network', `${code}${error.message}`);
  }
  return new WebhookRequestError('network', String(error));
}
