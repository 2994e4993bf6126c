/**
 * The Brand aggregate: a tenant of the API. Its stream is `brand-<brandId>`.
 * Event shapes are the contracts' (`BrandCreated`, `BrandUpdated`); time travels in metadata.
 */
import type { BrandCreated, BrandEvent, BrandUpdated } from '@brand-api/contracts';
import { unreachable, withChanges } from '../errors';

export type { BrandCreated, BrandEvent, BrandUpdated };

export const brandStreamName = (brandId: string): string => `brand-${brandId}`;

export type BrandState =
  { status: 'absent' } | { status: 'active'; id: string; name: string; customAuthEnabled: boolean };

export function evolveBrand(state: BrandState, event: BrandEvent): BrandState {
  switch (event.type) {
    case 'BrandCreated':
      return {
        status: 'active',
        id: event.data.brandId,
        name: event.data.name,
        customAuthEnabled: event.data.customAuthEnabled,
      };
    case 'BrandUpdated':
      return withChanges(state, event.data.changes);
    default:
      return unreachable(event);
  }
}
