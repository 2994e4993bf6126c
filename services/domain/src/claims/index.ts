export * from './unique-claim';
export * from './reservation';
