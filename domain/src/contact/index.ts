export * from './contact-message';
export * from './contact-response.events';
export * from './contact-response.texts';
export * from './contact.contract';
export * from './contact-response.decider';
export * from './contact-delivery';
export * from './contact-response.aggregate';
