export * from './brands';
export * from './catalogue';
