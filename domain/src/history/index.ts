export * from './json-diff';
export * from './event-summary';
export * from './history.contract';
