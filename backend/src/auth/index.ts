/** The auth feature as other features see it (issue 9: a feature imports another only through its index). */
export { LIVE_SESSION_TIMEOUT, type LiveSessionTimeout } from './sessions/session-timeout';
export { sessionCookieName } from './sessions/session.middleware';
export { crossSiteRefusal } from './csrf/same-origin.middleware';
