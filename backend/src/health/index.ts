/** The health feature as other code sees it (issue 9: a feature is used through its index). */
export { HealthHttpController } from './health.http.controller';
export { HealthModule } from './health.module';
