export * from './brands';
export * from './catalogue';
export * from './community';
