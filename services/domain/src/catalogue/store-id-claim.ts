/**
 * Store ids are unique per brand, separately for products and for variants. Each (brand, kind,
 * storeId) has a claim stream whose last event says who holds the id; a writer appends to it
 * with the version it read, so two writers racing for one id cannot both win. A released id
 * may be claimed again.
 */
import { ApiError } from '@brand-api/contracts';
import type { StoreIdClaimEvent, StoreIdClaimed, StoreIdReleased } from '@brand-api/contracts';

export type { StoreIdClaimEvent, StoreIdClaimed, StoreIdReleased };

export type StoreIdKind = StoreIdClaimed['data']['kind'];

export type StoreIdClaimState = { status: 'free' } | { status: 'claimed'; ownerId: string };

export const initialStoreIdClaimState = (): StoreIdClaimState => ({ status: 'free' });

export function evolveStoreIdClaim(
  state: StoreIdClaimState,
  event: StoreIdClaimEvent,
): StoreIdClaimState {
  switch (event.type) {
    case 'StoreIdClaimed':
      return { status: 'claimed', ownerId: event.data.ownerId };
    case 'StoreIdReleased':
      // Only the holder releases; anything else leaves the claim as it was.
      return state.status === 'claimed' && state.ownerId === event.data.ownerId
        ? { status: 'free' }
        : state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export interface StoreIdClaimData {
  brandId: string;
  kind: StoreIdKind;
  storeId: string;
  /** The product or variant taking (or giving back) the id. */
  ownerId: string;
}

export interface ClaimStoreId {
  type: 'ClaimStoreId';
  data: StoreIdClaimData;
}

export interface ReleaseStoreId {
  type: 'ReleaseStoreId';
  data: StoreIdClaimData;
}

export type StoreIdClaimCommand = ClaimStoreId | ReleaseStoreId;

const entityName: Record<StoreIdKind, string> = { product: 'product', variant: 'variant' };

/** Claiming an id its owner already holds, or releasing one it does not hold, changes nothing. */
export function decideStoreIdClaim(
  command: StoreIdClaimCommand,
  state: StoreIdClaimState,
): StoreIdClaimEvent[] {
  const { data } = command;
  switch (command.type) {
    case 'ClaimStoreId':
      if (state.status === 'claimed') {
        if (state.ownerId === data.ownerId) return [];
        throw new ApiError('CONFLICT', {
          message: `A ${entityName[data.kind]} with the store id '${data.storeId}' already exists`,
          details: [{ location: 'body', field: '/storeId', message: 'is already taken' }],
        });
      }
      return [{ type: 'StoreIdClaimed', schemaVersion: 1, data: { ...data } }];
    case 'ReleaseStoreId':
      if (state.status !== 'claimed' || state.ownerId !== data.ownerId) return [];
      return [{ type: 'StoreIdReleased', schemaVersion: 1, data: { ...data } }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** Who holds the id now, if anyone. */
export function storeIdHolder(state: StoreIdClaimState): string | undefined {
  return state.status === 'claimed' ? state.ownerId : undefined;
}

export const storeIdClaimDecider = {
  decide: decideStoreIdClaim,
  evolve: evolveStoreIdClaim,
  initialState: initialStoreIdClaimState,
};
