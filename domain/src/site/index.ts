export * from './site.events';
export * from './site.commands';
export * from './site.state';
export * from './site.decider';
export * from './site.aggregate';
export * from './schedules.contract';
export * from './show-date';
