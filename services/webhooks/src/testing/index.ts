export * from './webhook-receiver';
export * from './fixtures';
