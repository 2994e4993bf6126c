import { Type, type Static } from 'typebox';
import { StoreId, Uuid } from '../primitives';
import { defineEvent } from './define-event';

/**
 * Store ids are unique per brand and per kind. Uniqueness is held by a claim stream per
 * (brand, kind, storeId) appended with an expected version, never by a read table: the
 * stream's last event says whether the id is taken and by whom.
 */
const claimFields = {
  brandId: Uuid(),
  kind: Type.Enum(['product', 'variant']),
  storeId: StoreId(),
  ownerId: Uuid({ description: 'The product or variant holding the store id.' }),
};

export const StoreIdClaimed = defineEvent(
  'StoreIdClaimed',
  'A product or variant took a store id.',
  claimFields,
);
export type StoreIdClaimed = Static<typeof StoreIdClaimed>;

export const StoreIdReleased = defineEvent(
  'StoreIdReleased',
  'A deleted product or variant gave its store id back; it may be claimed again.',
  claimFields,
);
export type StoreIdReleased = Static<typeof StoreIdReleased>;

export type StoreIdClaimEvent = StoreIdClaimed | StoreIdReleased;
