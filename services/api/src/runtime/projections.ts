import type { Projection } from '@brand-api/event-store';
import { brandsProjection, catalogueProjection, communityProjection } from '@brand-api/read-models';

/** The read-model projections the workers run and commands wait for. A feature adds its own here. */
export const readModelProjections: readonly Projection[] = [
  brandsProjection,
  catalogueProjection,
  communityProjection,
];
