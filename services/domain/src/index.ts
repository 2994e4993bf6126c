export * from './brand';
export * from './api-key';
export * from './webhook-endpoint';
