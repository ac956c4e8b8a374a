export * from './audit.contract';
