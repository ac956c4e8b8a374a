export * from './ports/database.port';
