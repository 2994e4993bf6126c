import { catalogueFeature } from './catalogue';
import { communityFeature } from './community';
import type { Feature } from './feature';

export { collectHandlers } from './feature';
export type { ApiHandlers, ApiRoute, Feature } from './feature';

/**
 * Every feature of the Brand API. Adding one is one line here; its routes, scopes and
 * validation come from the contracts' route table, so nothing else changes.
 */
export const apiFeatures: readonly Feature[] = [catalogueFeature, communityFeature];
