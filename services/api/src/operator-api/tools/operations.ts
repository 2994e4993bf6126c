/** The operator tools' operations live in the contracts, where `brandctl` reads them too. */
export { operatorToolOperations } from '@brand-api/contracts';
import type { operatorToolOperations } from '@brand-api/contracts';

export type OperatorToolOperations = typeof operatorToolOperations;
