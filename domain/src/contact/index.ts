export * from './contact-message';
