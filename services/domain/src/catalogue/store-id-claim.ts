/**
 * Store ids are unique per brand, separately for products and for variants: each (brand, kind,
 * storeId) has a claim stream decided by the one unique-claim decider. A released id may be
 * claimed again.
 */
import type { StoreIdClaimEvent, StoreIdClaimed, StoreIdReleased } from '@brand-api/contracts';
import type { Claim, Release } from '../claims/unique-claim';
import type { StoreIdKind } from './streams';

export type { StoreIdClaimEvent, StoreIdClaimed, StoreIdReleased };

export interface StoreIdClaimData {
  brandId: string;
  kind: StoreIdKind;
  storeId: string;
  /** The product or variant taking (or giving back) the id. */
  ownerId: string;
}

/** A product or variant takes its store id; a refusal names the `storeId` field. */
export function claimStoreId(data: StoreIdClaimData): Claim {
  return {
    type: 'Claim',
    event: { type: 'StoreIdClaimed', schemaVersion: 1, data: { ...data } },
    taken: {
      message: `A ${data.kind} with the store id '${data.storeId}' already exists`,
      path: ['storeId'],
    },
  };
}

/** A deleted product or variant gives its store id back. */
export function releaseStoreId(data: StoreIdClaimData): Release {
  return {
    type: 'Release',
    event: { type: 'StoreIdReleased', schemaVersion: 1, data: { ...data } },
  };
}
