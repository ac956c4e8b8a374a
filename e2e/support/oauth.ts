/**
 * The loopback OAuth2 provider the backend's integration tests use (oauth2-mock-server in a child
 * process). In a browser its authorize endpoint "consents" at once and sends the browser back; the
 * account it signs in is the default user (setDefaultUser) unless the URL names one.
 */
export { type OAuthServer, startOAuthServer } from '../../backend/src/test-support/oauth-server';
