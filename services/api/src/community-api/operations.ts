/** The community API's operations live in the contracts, beside the Brand API's routes. */
export { memberCommunityOperations, publicCommunityOperations } from '@brand-api/contracts';
