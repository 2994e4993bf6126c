import type { BrandCreated, BrandEvent, BrandUpdated } from '@brand-api/contracts';
import type { BrandState } from './brand';
import { notFound, unreachable, assertNew } from '../errors';
import { requiredText } from '../text-field';

export interface CreateBrand {
  type: 'CreateBrand';
  data: { brandId: string; name: string; customAuthEnabled: boolean };
}

export interface UpdateBrand {
  type: 'UpdateBrand';
  data: { brandId: string; name?: string; customAuthEnabled?: boolean };
}

export type BrandCommand = CreateBrand | UpdateBrand;

/** Matches the `BrandCreated` schema in contracts. */
export const maxBrandNameLength = 200;

export function decideBrand(command: BrandCommand, state: BrandState): BrandEvent[] {
  switch (command.type) {
    case 'CreateBrand':
      return [createBrand(command, state)];
    case 'UpdateBrand':
      return updateBrand(command, state);
    default:
      return unreachable(command);
  }
}

function createBrand(command: CreateBrand, state: BrandState): BrandCreated {
  assertNew(state, 'A brand with this id already exists');
  return {
    type: 'BrandCreated',
    schemaVersion: 1,
    data: {
      brandId: command.data.brandId,
      name: requiredText(command.data.name, ['name'], maxBrandNameLength),
      customAuthEnabled: command.data.customAuthEnabled,
    },
  };
}

/** Records only what changes; an update that changes nothing appends nothing. */
function updateBrand(command: UpdateBrand, state: BrandState): BrandUpdated[] {
  if (state.status !== 'active') throw notFound();
  const changes: BrandUpdated['data']['changes'] = {};
  if (command.data.name !== undefined) {
    const name = requiredText(command.data.name, ['name'], maxBrandNameLength);
    if (name !== state.name) changes.name = name;
  }
  const { customAuthEnabled } = command.data;
  if (customAuthEnabled !== undefined && customAuthEnabled !== state.customAuthEnabled) {
    changes.customAuthEnabled = customAuthEnabled;
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'BrandUpdated', schemaVersion: 1, data: { brandId: state.id, changes } }];
}
