export * from './privacy.events';
export * from './privacy.decider';
export * from './privacy.contract';
