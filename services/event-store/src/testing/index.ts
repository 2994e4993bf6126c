export * from './test-database';
export * from './conformance';
export * from './lookup-conformance';
export * from './whole-log';
export * from './eventually';
export * from './spawn-typescript';
export * from './projection-spec';
export * from './old-versions';
