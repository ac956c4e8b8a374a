export * from './events/envelope';
export * from './events/event-store.port';
export * from './events/upcasting';
export * from './events/canonical-json';
export * from './errors/domain-error';
export * from './access';
export * from './settings';
export * from './site';
