export { brandsMigrations } from './migrations';
export { brandsProjection } from './projection';
export type { SqlStatement } from './projection';
export * from './queries';
