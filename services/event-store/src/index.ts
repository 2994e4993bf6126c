export * from './event-store';
export * from './db';
