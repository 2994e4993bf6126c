import { InvalidCommunityCursorError } from '@brand-api/read-models';
import { cursorListing } from '../cursor-listing';

/** A cursor that fails to decode is the caller's mistake, reported on the `after` field. */
export const listing = cursorListing(InvalidCommunityCursorError, '/after');
