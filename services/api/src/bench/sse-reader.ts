/**
 * A minimal Server-Sent Events reader over node:http, for the events stream's tests and
 * benchmark: opens the stream, parses its frames (`id:`, `event:`, `data:`, comments) as they
 * arrive and hands each event to a callback, until `close()` or the server ends it.
 */
import { request } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

export interface SseEvent {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

export interface SseConnection {
  status: number;
  headers: IncomingHttpHeaders;
  /** Comments received (`ping` for a heartbeat), in order. */
  comments: string[];
  /** Resolves when the stream ends, however it ends. */
  ended: Promise<void>;
  /** The body of a refused stream (a 4xx answer), else ''. */
  body: string;
  /** True once `close()` was called. */
  closed: boolean;
  close(): void;
}

export function openSse(
  url: string,
  headers: Record<string, string>,
  /** Called with each event and its connection (events may come before the promise settles). */
  onEvent: (event: SseEvent, connection: SseConnection) => void,
): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      let resolveEnded!: () => void;
      const ended = new Promise<void>((done) => (resolveEnded = done));
      res.on('close', resolveEnded);
      res.on('error', resolveEnded);
      req.on('error', resolveEnded);
      const connection: SseConnection = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        comments: [],
        ended,
        body: '',
        closed: false,
        close: () => {
          connection.closed = true;
          req.destroy();
        },
      };
      res.setEncoding('utf8');
      if (connection.status !== 200) {
        res.on('data', (chunk: string) => (connection.body += chunk));
        res.on('end', () => resolve(connection));
        return;
      }
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { id: undefined, event: undefined, data: '' };
          let hasData = false;
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) connection.comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              event.data = hasData ? `${event.data}\n${line.slice(6)}` : line.slice(6);
              hasData = true;
            }
          }
          if (hasData) onEvent(event, connection);
        }
      });
      resolve(connection);
    });
    req.end();
  });
}
