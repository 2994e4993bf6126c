import { createEventStreamParser } from './server-sent-events';

describe('the event stream parser', () => {
  it('dispatches on blank lines, joins data lines and keeps the last id', () => {
    const parser = createEventStreamParser();
    const events = parser.push(
      ': ping\n\nid: msg_1\nevent: user.joined\ndata: {"a":\ndata: 1}\n\nid: msg_2\ndata: x\n\n',
    );
    expect(events).toEqual([
      { id: 'msg_1', event: 'user.joined', data: '{"a":\n1}' },
      { id: 'msg_2', event: 'message', data: 'x' },
    ]);
    expect(parser.lastEventId).toBe('msg_2');
  });

  it('accepts CR, LF and CRLF line ends, also split across chunks', () => {
    const parser = createEventStreamParser();
    const text = 'id: a\r\ndata: one\r\n\r\nid: b\rdata: two\r\rid: c\ndata: three\n\n';
    const events = [...text].flatMap((char) => parser.push(char));
    expect(events.map((event) => [event.id, event.data])).toEqual([
      ['a', 'one'],
      ['b', 'two'],
      ['c', 'three'],
    ]);
  });

  it('moves the last id only with a complete block, so a cut stream resumes before the cut event', () => {
    const parser = createEventStreamParser('msg_0');
    expect(parser.push('id: msg_1\ndata: {"half":')).toEqual([]);
    expect(parser.lastEventId).toBe('msg_0');
    // An id-only block moves it without an event, as EventSource does.
    expect(parser.push('\n\n')).toHaveLength(1);
    const other = createEventStreamParser('msg_0');
    expect(other.push('id: msg_9\n\n')).toEqual([]);
    expect(other.lastEventId).toBe('msg_9');
  });

  it('reads retry:, ignores unknown fields and ids with NUL', () => {
    const parser = createEventStreamParser();
    parser.push('retry: 2500\nfoo: bar\nid: a\0b\ndata: x\n\n');
    expect(parser.retryMs).toBe(2500);
    expect(parser.lastEventId).toBeUndefined();
  });
});
