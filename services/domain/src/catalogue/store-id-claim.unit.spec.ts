import { storeIdClaimDecider, storeIdHolder } from './index';
import type { StoreIdClaimCommand, StoreIdClaimEvent } from './index';
import { givenWhen, stateAfter, thrownBy } from '../testing/decider';

const brandId = '6f1b2a3c-0000-4000-8000-000000000001';
const productA = '6f1b2a3c-0000-4000-8000-00000000000a';
const productB = '6f1b2a3c-0000-4000-8000-00000000000b';
const claim = { brandId, kind: 'product' as const, storeId: 'sku-1' };

const given = (events: StoreIdClaimEvent[]) => ({
  ...givenWhen(storeIdClaimDecider)(events),
  state: stateAfter(storeIdClaimDecider, events),
});

const claimed = (ownerId: string): StoreIdClaimEvent => ({
  type: 'StoreIdClaimed',
  schemaVersion: 1,
  data: { ...claim, ownerId },
});
const released = (ownerId: string): StoreIdClaimEvent => ({
  type: 'StoreIdReleased',
  schemaVersion: 1,
  data: { ...claim, ownerId },
});
const take = (ownerId: string): StoreIdClaimCommand => ({
  type: 'ClaimStoreId',
  data: { ...claim, ownerId },
});
const giveBack = (ownerId: string): StoreIdClaimCommand => ({
  type: 'ReleaseStoreId',
  data: { ...claim, ownerId },
});

describe('store id claim decider', () => {
  it('claims a free store id', () => {
    expect(given([]).when(take(productA))()).toEqual([claimed(productA)]);
  });

  it('refuses a store id another product holds, as a CONFLICT naming the field', () => {
    expect(thrownBy(given([claimed(productA)]).when(take(productB)))).toMatchObject({
      code: 'CONFLICT',
      details: [expect.objectContaining({ field: '/storeId' })],
    });
  });

  it('is idempotent for the holder', () => {
    expect(given([claimed(productA)]).when(take(productA))()).toEqual([]);
  });

  it('frees the id on release, so another product may claim it', () => {
    expect(given([claimed(productA)]).when(giveBack(productA))()).toEqual([released(productA)]);
    expect(given([claimed(productA), released(productA)]).when(take(productB))()).toEqual([
      claimed(productB),
    ]);
    expect(storeIdHolder(given([claimed(productA), released(productA)]).state)).toBeUndefined();
  });

  it('ignores a release by someone who does not hold the id', () => {
    expect(given([claimed(productA)]).when(giveBack(productB))()).toEqual([]);
    expect(given([]).when(giveBack(productA))()).toEqual([]);
    expect(storeIdHolder(given([claimed(productA), released(productB)]).state)).toBe(productA);
  });
});
