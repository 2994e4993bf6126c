import { ApiError } from '@brand-api/contracts';

/** The state of an entity that must exist; anything else answers 404. */
export function active<S extends { status: string }>(state: S): Extract<S, { status: 'active' }> {
  if (state.status !== 'active') throw new ApiError('NOT_FOUND');
  return state as Extract<S, { status: 'active' }>;
}
