import { claimHolder, uniqueClaimDecider } from '../claims';
import type { ClaimCommand } from '../claims';
import { claimStoreId, releaseStoreId } from './index';
import type { StoreIdClaimEvent } from './index';
import { DeciderSpecification, stateAfter } from '../testing/decider-specification';

const brandId = '6f1b2a3c-0000-4000-8000-000000000001';
const productA = '6f1b2a3c-0000-4000-8000-00000000000a';
const productB = '6f1b2a3c-0000-4000-8000-00000000000b';
const claim = { brandId, kind: 'product' as const, storeId: 'sku-1' };

const given = DeciderSpecification.for(uniqueClaimDecider);
const holderAfter = (events: StoreIdClaimEvent[]) =>
  claimHolder(stateAfter(uniqueClaimDecider, events));

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
const take = (ownerId: string): ClaimCommand => claimStoreId({ ...claim, ownerId });
const giveBack = (ownerId: string): ClaimCommand => releaseStoreId({ ...claim, ownerId });

describe('store id claims, decided by the unique-claim decider', () => {
  it('claims a free store id', () => {
    given([])
      .when(take(productA))
      .then([claimed(productA)]);
  });

  it('refuses a store id another product holds, as taken, naming the field', () => {
    given([claimed(productA)])
      .when(take(productB))
      .thenThrows({
        rule: 'already-taken',
        message: "A product with the store id 'sku-1' already exists",
        problems: [{ path: ['storeId'], message: 'is already taken' }],
      });
  });

  it('is idempotent for the holder', () => {
    given([claimed(productA)])
      .when(take(productA))
      .thenNothingHappened();
  });

  it('frees the id on release, so another product may claim it', () => {
    given([claimed(productA)])
      .when(giveBack(productA))
      .then([released(productA)]);
    given([claimed(productA), released(productA)])
      .when(take(productB))
      .then([claimed(productB)]);
    expect(holderAfter([claimed(productA), released(productA)])).toBeUndefined();
  });

  it('ignores a release by someone who does not hold the id', () => {
    given([claimed(productA)])
      .when(giveBack(productB))
      .thenNothingHappened();
    given([]).when(giveBack(productA)).thenNothingHappened();
    expect(holderAfter([claimed(productA), released(productB)])).toBe(productA);
  });
});
