import { Type, type Static } from 'typebox';
import { Uuid } from '../primitives';
import { changesOf, defineEvent } from './define-event';

const brandFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  customAuthEnabled: Type.Boolean({
    description: 'Members sign in through the brand (magic links) instead of the community.',
  }),
};

export const BrandCreated = defineEvent('BrandCreated', 'An operator created a brand.', {
  brandId: Uuid(),
  ...brandFields,
});
export type BrandCreated = Static<typeof BrandCreated>;

export const BrandUpdated = defineEvent('BrandUpdated', "An operator changed a brand's settings.", {
  brandId: Uuid(),
  changes: changesOf(brandFields),
});
export type BrandUpdated = Static<typeof BrandUpdated>;

export type BrandEvent = BrandCreated | BrandUpdated;
