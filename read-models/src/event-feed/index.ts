export { eventFeedMigrations } from './migrations';
export { eventFeedProjection } from './projection';
export {
  decodeEventCursor,
  encodeEventCursor,
  feedHeadOf,
  feedPositionOf,
  InvalidEventCursorError,
  readEventFeed,
  startOfFeed,
} from './queries';
export type { FeedFilter, FeedPosition, FeedRow } from './queries';
