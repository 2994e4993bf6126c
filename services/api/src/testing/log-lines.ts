import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from 'pino';

/** A real pino logger at `info` and the lines it wrote, parsed, for tests that read the log. */
export function recordedLog(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}
