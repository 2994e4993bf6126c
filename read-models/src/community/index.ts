export { communityMigrations } from './migrations';
export { communityProjection } from './projection';
export { InvalidCommunityCursorError } from './cursor';
export type { CommunityList } from './cursor';
export * from './queries';
