export * from './webhook-data';
export * from './webhook-envelope';
