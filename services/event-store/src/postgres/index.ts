export { createPostgresEventStore } from './postgres-event-store';
export type { PostgresEventStoreOptions } from './postgres-event-store';
export { eventStoreMigrations, eventsAppendedChannel } from './migrations';
export { appendToStreamInTransaction } from './append-sql';
export { appendToStreamsInTransaction } from './append-streams-sql';
