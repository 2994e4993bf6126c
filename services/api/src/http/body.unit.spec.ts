import { ApiError } from '@brand-api/contracts';
import { bodyError } from './body';

/** An error as raw-body makes them (http-errors): a message, a status and a type. */
const readerError = (message: string, status: number, type: string) =>
  Object.assign(new Error(message), { status, type });

describe('bodyError', () => {
  it('calls a body the client hung up on before it was read a 400, not a failure of ours', () => {
    const notReadable = readerError('stream is not readable', 500, 'stream.not.readable');
    const hungUp = bodyError(notReadable, '', true);
    expect(hungUp).toBeInstanceOf(ApiError);
    expect(hungUp).toMatchObject({ code: 'INVALID_JSON', statusCode: 400 });
    // The same error on a connection still open is a failure of ours.
    expect(bodyError(notReadable, '', false)).toMatchObject({ code: 'INTERNAL', statusCode: 500 });
  });

  it('keeps the reader statuses it already knew', () => {
    const aborted = readerError('request aborted', 400, 'request.aborted');
    expect(bodyError(aborted, '', true)).toMatchObject({ code: 'INVALID_JSON' });
    const tooLarge = readerError('request entity too large', 413, 'entity.too.large');
    expect(bodyError(tooLarge, '', false)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
