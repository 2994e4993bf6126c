export * from './test-database';
export * from './conformance';
export * from './eventually';
export * from './spawn-typescript';
