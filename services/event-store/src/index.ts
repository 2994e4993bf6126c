export * from './event-store';
export * from './db';
export * from './postgres';
export * from './eventstoredb';
export * from './projections';
export * from './commands';
export * from './single-stream';
export * from './upcasting';
export { overriding } from './store-decorator';
