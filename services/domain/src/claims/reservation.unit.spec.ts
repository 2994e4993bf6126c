import { claimStoreId } from '../catalogue/store-id-claim';
import { claimEmail } from '../member/claims';
import { decideClaim, evolveClaim, initialClaimState, uniqueClaimDecider } from './unique-claim';

const brandId = '6f1c7a52-9d0e-4a43-8b6b-1d2c3e4f5a6b';
const productId = '0b8f4a8e-1c2d-4e3f-9a0b-1c2d3e4f5a6b';
const memberId = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const { reservations } = uniqueClaimDecider;

describe('claim reservations', () => {
  const claimed = claimStoreId({ brandId, kind: 'product', storeId: 'SKU-1', ownerId: productId });

  it('reserves a store id for its product and an email for its member', () => {
    expect(reservations.reservedFor(claimed.event)).toBe(`product-${productId}`);
    expect(reservations.reservedFor(claimEmail(brandId, 'A@b.co', memberId))).toBe(
      `member-${memberId}`,
    );
  });

  it('cancels a reservation while its entity holds the value, and frees it', () => {
    const held = evolveClaim(initialClaimState(), claimed.event);
    const cancelled = decideClaim(reservations.cancel(claimed.event), held);
    expect(cancelled).toEqual([
      { type: 'ClaimReservationCancelled', schemaVersion: 1, data: { holder: productId } },
    ]);
    expect(cancelled.reduce(evolveClaim, held)).toEqual({ holder: undefined });
    // A cancellation is not a claim: it reserves nothing.
    expect(reservations.reservedFor(cancelled[0]!)).toBeUndefined();
  });

  it('cancels nothing once the value is free or held by someone else', () => {
    const other = claimStoreId({ brandId, kind: 'product', storeId: 'SKU-1', ownerId: memberId });
    const heldByOther = evolveClaim(initialClaimState(), other.event);
    expect(decideClaim(reservations.cancel(claimed.event), heldByOther)).toEqual([]);
    expect(decideClaim(reservations.cancel(claimed.event), initialClaimState())).toEqual([]);
  });
});
