export * from './claim-events';
export * from './unique-claim';
export * from './reservation';
