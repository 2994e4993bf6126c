export { catalogueMigrations } from './migrations';
export { catalogueProjection } from './projection';
export { InvalidCatalogueCursorError } from './cursor';
export type { PageCursor, SortKey } from './cursor';
export * from './queries';
