export { brandsMigrations } from './migrations';
export { brandsProjection } from './projection';
export * from './queries';
