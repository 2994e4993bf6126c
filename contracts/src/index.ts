export * from './primitives';
export * from './entities';
export * from './errors';
export * from './scopes';
export * from './webhooks';
export * from './events';
