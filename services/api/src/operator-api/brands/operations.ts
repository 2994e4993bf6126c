/** The brands and API keys operations live in the contracts, where `brandctl` reads them too. */
export { adminOperations } from '@brand-api/contracts';
import type { adminOperations } from '@brand-api/contracts';

export type AdminOperations = typeof adminOperations;
