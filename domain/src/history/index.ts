export * from './json-diff';
export * from './event-summary';
