import { DomainError } from '../errors';
import { brandDecider } from './index';
import type { BrandCommand, BrandEvent } from './index';
import { givenWhen, thrownBy } from '../testing/decider';

const brandId = '6f1b2a3c-0000-4000-8000-000000000001';

/** given events / when command / then events (or the error thrown). */
const given = givenWhen(brandDecider);

const created: BrandEvent = {
  type: 'BrandCreated',
  schemaVersion: 1,
  data: { brandId, name: 'Acme', customAuthEnabled: false },
};

const create = (name: string, customAuthEnabled = false): BrandCommand => ({
  type: 'CreateBrand',
  data: { brandId, name, customAuthEnabled },
});

const update = (data: { name?: string; customAuthEnabled?: boolean }): BrandCommand => ({
  type: 'UpdateBrand',
  data: { brandId, ...data },
});

describe('Brand decider', () => {
  it('creates a brand with a trimmed name', () => {
    expect(given([]).when(create('  Acme ', true))()).toEqual([
      {
        type: 'BrandCreated',
        schemaVersion: 1,
        data: { brandId, name: 'Acme', customAuthEnabled: true },
      },
    ]);
  });

  it('refuses to create the same brand twice', () => {
    expect(thrownBy(given([created]).when(create('Acme')))).toMatchObject({
      rule: 'already-taken',
    });
  });

  it.each(['', '   ', 'x'.repeat(201)])('refuses the name %j', (name) => {
    const decide = given([]).when(create(name));
    expect(thrownBy(decide)).toBeInstanceOf(DomainError);
    expect(thrownBy(decide)).toMatchObject({
      rule: 'invalid',
      problems: [{ path: ['name'] }],
    });
  });

  it('records only the fields that change', () => {
    expect(given([created]).when(update({ name: 'Acme', customAuthEnabled: true }))()).toEqual([
      {
        type: 'BrandUpdated',
        schemaVersion: 1,
        data: { brandId, changes: { customAuthEnabled: true } },
      },
    ]);
  });

  it('records nothing when nothing changes', () => {
    expect(given([created]).when(update({ name: ' Acme ' }))()).toEqual([]);
    expect(given([created]).when(update({}))()).toEqual([]);
  });

  it('sees earlier updates', () => {
    const renamed: BrandEvent = {
      type: 'BrandUpdated',
      schemaVersion: 1,
      data: { brandId, changes: { name: 'Acme Corp' } },
    };
    expect(given([created, renamed]).when(update({ name: 'Acme Corp' }))()).toEqual([]);
    expect(given([created, renamed]).when(update({ name: 'Acme' }))()).toEqual([
      { type: 'BrandUpdated', schemaVersion: 1, data: { brandId, changes: { name: 'Acme' } } },
    ]);
  });

  it('cannot update a brand that does not exist', () => {
    expect(thrownBy(given([]).when(update({ name: 'Acme' })))).toMatchObject({ rule: 'not-found' });
  });

  it('folds its events into the state the API answers with', () => {
    const events: BrandEvent[] = [
      created,
      {
        type: 'BrandUpdated',
        schemaVersion: 1,
        data: { brandId, changes: { customAuthEnabled: true } },
      },
    ];
    expect(events.reduce(brandDecider.evolve, brandDecider.initialState())).toEqual({
      status: 'active',
      id: brandId,
      name: 'Acme',
      customAuthEnabled: true,
      customAuthTerm: 1,
    });
  });
});
