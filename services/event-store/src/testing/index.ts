export * from './test-database';
export * from './conformance';
export * from './eventually';
