export * from './brands';
export * from './catalogue';
export * from './rebuild';
export * from './community';
export * from './event-feed';
export type { Versioned } from './versioned';
