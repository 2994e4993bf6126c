export { idempotency, idempotencyKeyIdOf } from './idempotency';
export type { IdempotencyOptions, IdempotencyState } from './idempotency';
export { IdempotencyKeys, idempotencyMigrations } from './idempotency-keys';
