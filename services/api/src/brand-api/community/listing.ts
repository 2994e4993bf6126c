import { ApiError } from '@brand-api/contracts';
import { InvalidCommunityCursorError } from '@brand-api/read-models';

/** A cursor that fails to decode is the caller's mistake, reported on the `after` field. */
export async function listing<T>(list: () => Promise<T>): Promise<T> {
  try {
    return await list();
  } catch (error) {
    if (!(error instanceof InvalidCommunityCursorError)) throw error;
    throw new ApiError('VALIDATION_FAILED', {
      details: [{ location: 'query', field: '/after', message: error.message }],
    });
  }
}
