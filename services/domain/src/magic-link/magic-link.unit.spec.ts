import type { MagicLinkEvent } from '@brand-api/contracts';
import { magicLinkDecider } from './index';
import type { MagicLinkCommand } from './index';
import { DeciderSpecification, invalidAt } from '../testing/decider-specification';

const magicLinkId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const memberId = '5f0c6d1e-8a4b-4c3d-9e2f-1a2b3c4d5e6f';
const tokenHash = 'a'.repeat(64);

const given = DeciderSpecification.for(magicLinkDecider);

const issue = (returnTo: string | null = '/rooms/general'): MagicLinkCommand => ({
  type: 'IssueMagicLink',
  data: {
    magicLinkId,
    memberId,
    tokenHash,
    state: 'xyz',
    returnTo,
    now: '2025-03-01T10:00:00.000Z',
  },
});
const issued: MagicLinkEvent = {
  type: 'MagicLinkIssued',
  schemaVersion: 1,
  data: {
    magicLinkId,
    memberId,
    tokenHash,
    expiresAt: '2025-03-01T10:15:00.000Z',
    state: 'xyz',
    returnTo: '/rooms/general',
  },
};
const redeemAt = (now: string): MagicLinkCommand => ({ type: 'RedeemMagicLink', data: { now } });

describe('MagicLink decider', () => {
  it('issues a link that expires after 15 minutes', () => {
    given([]).when(issue()).then([issued]);
  });

  it.each([
    '//evil.example.com',
    '/\\evil.example.com',
    'https://evil.example.com',
    'rooms',
    '/.//evil.example.com',
    '/x/..//evil.example.com',
    '/\t/evil.example.com',
  ])('refuses returnTo %j', (returnTo) => {
    given([])
      .when(issue(returnTo))
      .thenThrows(invalidAt(['returnTo']));
  });

  it('redeems a link once, up to the last millisecond before it expires', () => {
    const redeemed: MagicLinkEvent = {
      type: 'MagicLinkRedeemed',
      schemaVersion: 1,
      data: { magicLinkId, memberId, redeemedAt: '2025-03-01T10:14:59.999Z' },
    };
    given([issued]).when(redeemAt('2025-03-01T10:14:59.999Z')).then([redeemed]);
    given([issued, redeemed]).when(redeemAt('2025-03-01T10:15:00.000Z')).thenThrows({
      rule: 'magic-link-used',
    });
  });

  it('refuses an expired link and an unknown one', () => {
    given([issued]).when(redeemAt('2025-03-01T10:15:00.000Z')).thenThrows({
      rule: 'magic-link-expired',
    });
    given([]).when(redeemAt('2025-03-01T10:00:00.000Z')).thenThrows({
      rule: 'magic-link-unknown',
    });
  });
});
