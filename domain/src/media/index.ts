export * from './media-types';
export * from './media-file-name';
export * from './media-urls';
export * from './media-usage';
export * from './media.events';
export * from './media.state';
export * from './media.decider';
export * from './media.aggregate';
