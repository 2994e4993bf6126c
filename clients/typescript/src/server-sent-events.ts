/**
 * A `text/event-stream` parser after the WHATWG HTML "event stream interpretation" rules: lines
 * end in CR, LF or CRLF; `data:` lines join with LF; a blank line dispatches; `:` starts a comment;
 * a complete block's `id:` sets the last event id even without data (no NUL allowed); `retry:` sets the
 * reconnection time. Written here, over fetch's body stream, so the client needs no EventSource.
 */
export interface ServerSentEvent {
  /** The last event id after this event (the stream's, when the event had no `id:` line). */
  id: string | undefined;
  /** The `event:` field; `message` when absent. */
  event: string;
  data: string;
}

export interface EventStreamParser {
  /** Feeds decoded text; returns the events it completed. */
  push(text: string): ServerSentEvent[];
  /** The id of the last complete block, with data or without. */
  readonly lastEventId: string | undefined;
  /** The last `retry:` value, in ms. */
  readonly retryMs: number | undefined;
}

export function createEventStreamParser(initialLastEventId?: string): EventStreamParser {
  let buffer = '';
  let lastEventId = initialLastEventId;
  // `id:` fills this buffer; only a complete block (its blank line) makes it the last event id,
  // so a stream cut inside a block resumes before that block, not after it.
  let idBuffer = initialLastEventId;
  let retryMs: number | undefined;
  let data: string[] = [];
  let event = '';
  let sawCarriageReturn = false;

  const line = (text: string, out: ServerSentEvent[]) => {
    if (text === '') {
      lastEventId = idBuffer;
      if (data.length > 0)
        out.push({ id: lastEventId, event: event || 'message', data: data.join('\n') });
      data = [];
      event = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        data.push(value);
        break;
      case 'event':
        event = value;
        break;
      case 'id':
        if (!value.includes('\0')) idBuffer = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) retryMs = Number(value);
        break;
      default:
        break;
    }
  };

  return {
    push(text) {
      const out: ServerSentEvent[] = [];
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char === '\n' && sawCarriageReturn && index === start) {
          // The LF of a CRLF whose CR ended the previous line.
          start = index + 1;
          sawCarriageReturn = false;
          continue;
        }
        sawCarriageReturn = false;
        if (char === '\r' || char === '\n') {
          line(buffer.slice(start, index), out);
          sawCarriageReturn = char === '\r';
          start = index + 1;
        }
      }
      buffer = buffer.slice(start);
      return out;
    },
    get lastEventId() {
      return lastEventId;
    },
    get retryMs() {
      return retryMs;
    },
  };
}
