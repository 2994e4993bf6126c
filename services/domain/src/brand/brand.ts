/**
 * The Brand aggregate: a tenant of the API. Its stream is `brand-<brandId>`.
 * Event shapes are the contracts' (`BrandCreated`, `BrandUpdated`); time travels in metadata.
 */
import type { BrandCreated, BrandEvent, BrandUpdated } from '@brand-api/contracts';
import { unreachable, withChanges } from '../errors';

export type { BrandCreated, BrandEvent, BrandUpdated };

export const brandStreamName = (brandId: string): string => `brand-${brandId}`;

export type BrandState =
  | { status: 'absent' }
  | {
      status: 'active';
      id: string;
      name: string;
      customAuthEnabled: boolean;
      /**
       * How many times custom auth has been switched on (a brand created with it on is in term
       * 1): what a magic link records when issued, so that switching custom auth off voids the
       * links out there and switching it back on starts a new term that does not revive them.
       */
      customAuthTerm: number;
    };

export function evolveBrand(state: BrandState, event: BrandEvent): BrandState {
  switch (event.type) {
    case 'BrandCreated':
      return {
        status: 'active',
        id: event.data.brandId,
        name: event.data.name,
        customAuthEnabled: event.data.customAuthEnabled,
        customAuthTerm: event.data.customAuthEnabled ? 1 : 0,
      };
    case 'BrandUpdated': {
      const changed = withChanges(state, event.data.changes);
      const switchedOn =
        state.status === 'active' &&
        !state.customAuthEnabled &&
        event.data.changes.customAuthEnabled;
      return switchedOn && changed.status === 'active'
        ? { ...changed, customAuthTerm: changed.customAuthTerm + 1 }
        : changed;
    }
    default:
      return unreachable(event);
  }
}

/** The brand's current custom-auth term; undefined while custom auth is off (or no brand). */
export function customAuthTermOf(state: BrandState): number | undefined {
  return state.status === 'active' && state.customAuthEnabled ? state.customAuthTerm : undefined;
}
