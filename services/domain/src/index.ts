export * from './brand';
export * from './api-key';
