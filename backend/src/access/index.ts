/** The access feature as other features see it (issue 9: a feature imports another only through its index). */
export { AccessStream } from './access-stream';
export { AccessModule } from './access.module';
