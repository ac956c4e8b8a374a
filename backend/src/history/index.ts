/** The history feature as other features see it (issue 9: a feature imports another only through its index). */
export { SiteHistory } from './site-history';
export { HistoryModule } from './history.module';
