import { ApiError } from '@brand-api/contracts';

/** The error a read model throws for a cursor it cannot decode. */
type CursorErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs a list read whose query carries a cursor. A cursor that fails to decode (the read throws
 * `invalidCursor`) is the caller's mistake, reported on the query field it came in.
 */
export function cursorListing(invalidCursor: CursorErrorClass, field: string) {
  return async <T>(list: () => Promise<T>): Promise<T> => {
    try {
      return await list();
    } catch (error) {
      if (!(error instanceof invalidCursor)) throw error;
      throw new ApiError('VALIDATION_FAILED', {
        details: [{ location: 'query', field, message: error.message }],
      });
    }
  };
}
