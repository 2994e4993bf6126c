export * from './unique-claim';
