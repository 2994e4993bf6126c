export * from './feed-event';
export * from './requests';
