/** The public site feature as other features see it (issue 9: a feature imports another only through its index). */
export { PublicPagesMiddleware } from './serve-page/public-pages.middleware';
