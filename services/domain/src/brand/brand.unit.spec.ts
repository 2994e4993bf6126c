import { DomainError } from '../errors';
import { brandDecider } from './index';
import type { BrandCommand, BrandEvent } from './index';
import { DeciderSpecification, invalidAt } from '../testing/decider-specification';

const brandId = '6f1b2a3c-0000-4000-8000-000000000001';

/** given events / when command / then events (or the error thrown). */
const given = DeciderSpecification.for(brandDecider);

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
    given([])
      .when(create('  Acme ', true))
      .then([
        {
          type: 'BrandCreated',
          schemaVersion: 1,
          data: { brandId, name: 'Acme', customAuthEnabled: true },
        },
      ]);
  });

  it('refuses to create the same brand twice', () => {
    given([created]).when(create('Acme')).thenThrows({
      rule: 'already-taken',
    });
  });

  it.each(['', '   ', 'x'.repeat(201)])('refuses the name %j', (name) => {
    given([])
      .when(create(name))
      .thenThrows((error) => error instanceof DomainError, invalidAt(['name']));
  });

  it('records only the fields that change', () => {
    given([created])
      .when(update({ name: 'Acme', customAuthEnabled: true }))
      .then([
        {
          type: 'BrandUpdated',
          schemaVersion: 1,
          data: { brandId, changes: { customAuthEnabled: true } },
        },
      ]);
  });

  it('records nothing when nothing changes', () => {
    given([created])
      .when(update({ name: ' Acme ' }))
      .thenNothingHappened();
    given([created]).when(update({})).thenNothingHappened();
  });

  it('sees earlier updates', () => {
    const renamed: BrandEvent = {
      type: 'BrandUpdated',
      schemaVersion: 1,
      data: { brandId, changes: { name: 'Acme Corp' } },
    };
    given([created, renamed])
      .when(update({ name: 'Acme Corp' }))
      .thenNothingHappened();
    given([created, renamed])
      .when(update({ name: 'Acme' }))
      .then([
        { type: 'BrandUpdated', schemaVersion: 1, data: { brandId, changes: { name: 'Acme' } } },
      ]);
  });

  it('cannot update a brand that does not exist', () => {
    given([])
      .when(update({ name: 'Acme' }))
      .thenThrows({ rule: 'not-found' });
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
