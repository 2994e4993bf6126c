import type { BrandEvent, MagicLinkEvent } from '@brand-api/contracts';
import { brandDecider, customAuthTermOf } from '../brand';
import { DomainError } from '../errors';
import { assertCustomAuthKept, magicLinkDecider } from './index';

const brandId = '6f1b2a3c-0000-4000-8000-000000000001';

const created = (customAuthEnabled: boolean): BrandEvent => ({
  type: 'BrandCreated',
  schemaVersion: 1,
  data: { brandId, name: 'Acme', customAuthEnabled },
});
const switched = (customAuthEnabled: boolean): BrandEvent => ({
  type: 'BrandUpdated',
  schemaVersion: 1,
  data: { brandId, changes: { customAuthEnabled } },
});
const renamed: BrandEvent = {
  type: 'BrandUpdated',
  schemaVersion: 1,
  data: { brandId, changes: { name: 'Acme 2' } },
};

const brand = (events: BrandEvent[]) =>
  events.reduce(brandDecider.evolve, brandDecider.initialState());

/** A link as issued in the brand's term `customAuthTerm` (none: a link from before terms). */
const link = (customAuthTerm?: number) => {
  const [issued] = magicLinkDecider.decide(
    {
      type: 'IssueMagicLink',
      data: {
        magicLinkId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        memberId: '5f0c6d1e-8a4b-4c3d-9e2f-1a2b3c4d5e6f',
        tokenHash: 'a'.repeat(64),
        state: null,
        returnTo: null,
        ...(customAuthTerm === undefined ? {} : { customAuthTerm }),
        now: '2025-03-01T10:00:00.000Z',
      },
    },
    magicLinkDecider.initialState(),
  );
  return magicLinkDecider.evolve(magicLinkDecider.initialState(), issued as MagicLinkEvent);
};

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe("a brand's custom-auth term", () => {
  it('starts at 1 with custom auth on, and is none while it is off', () => {
    expect(customAuthTermOf(brand([created(true)]))).toBe(1);
    expect(customAuthTermOf(brand([created(false)]))).toBeUndefined();
    expect(customAuthTermOf(brand([]))).toBeUndefined();
  });

  it('moves on each time custom auth is switched on, and only then', () => {
    expect(customAuthTermOf(brand([created(false), switched(true)]))).toBe(1);
    expect(customAuthTermOf(brand([created(true), renamed]))).toBe(1);
    expect(customAuthTermOf(brand([created(true), switched(false), switched(true)]))).toBe(2);
    expect(
      customAuthTermOf(brand([created(true), switched(false), renamed, switched(true), renamed])),
    ).toBe(2);
  });

  it('is recorded with a magic link issued in it', () => {
    expect(link(2)).toMatchObject({ status: 'issued', customAuthTerm: 2 });
  });
});

describe('a magic link of a brand', () => {
  it('signs in while custom auth stays on as when it was issued', () => {
    expect(() => assertCustomAuthKept(link(1), brand([created(true), renamed]))).not.toThrow();
  });

  it.each([
    ['custom auth is off now', link(1), brand([created(true), switched(false)])],
    [
      'custom auth was switched off and on again since',
      link(1),
      brand([created(true), switched(false), switched(true)]),
    ],
    ['the link is from before terms were recorded', link(), brand([created(true)])],
  ])('is refused as CUSTOM_AUTH_NOT_ENABLED when %s', (_when, issued, state) => {
    const refused = refusal(() => assertCustomAuthKept(issued, state));
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ rule: 'custom-auth-not-enabled' });
  });
});
