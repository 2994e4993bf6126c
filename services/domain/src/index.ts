export * from './brand';
export * from './api-key';
export * from './catalogue';
export * from './webhook-endpoint';
