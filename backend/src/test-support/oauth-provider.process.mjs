// A real OAuth2/OpenID provider on loopback for tests (oauth2-mock-server, which is ESM-only, hence
// its own process). It answers like Google's userinfo endpoint. Who "signs in" is chosen per
// authorization request with query parameters test_email, test_name, test_verified, test_picture
// (added by the test to the app's redirect), or else by the default user set through
// PUT /__test/default-user {email, name, emailVerified, picture}. Prints {"url"} once listening
// and exits when its parent closes stdin.
import { createServer } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
const service = server.service;

let defaultUser = { email: 'admin@example.com', name: 'Admin Example', emailVerified: true, picture: null };
const usersByCode = new Map();

function userFromQuery(query) {
  const email = query.get('test_email');
  if (email === null) return defaultUser;
  return {
    email: email === '' ? null : email,
    name: query.get('test_name') ?? null,
    emailVerified: query.get('test_verified') !== 'false',
    picture: query.get('test_picture') ?? null,
  };
}

service.on('beforeAuthorizeRedirect', (redirect, req) => {
  const code = redirect.url.searchParams.get('code');
  const query = new URL(req.url, 'http://x').searchParams;
  if (query.get('test_deny') === '1') {
    redirect.url.searchParams.delete('code');
    redirect.url.searchParams.set('error', 'access_denied');
    return;
  }
  if (code) usersByCode.set(code, userFromQuery(query));
});

service.on('beforeTokenSigning', (token, req) => {
  const code = req.body?.code;
  const user = code ? usersByCode.get(code) : undefined;
  if (user) token.payload.test_user = user;
});

service.on('beforeUserinfo', (response, req) => {
  // node-oauth (under passport) may send the token as ?access_token= rather than a header.
  const bearer = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '') || (new URL(req.url, 'http://x').searchParams.get('access_token') ?? '');
  let user = defaultUser;
  try {
    const payload = JSON.parse(Buffer.from(bearer.split('.')[1] ?? '', 'base64url').toString('utf8'));
    if (payload.test_user) user = payload.test_user;
  } catch {
    // A token we did not sign: answer with the default user, like before.
  }
  const body = { sub: `sub-${user.email ?? 'none'}`, email_verified: user.emailVerified, name: user.name ?? undefined, picture: user.picture ?? undefined };
  if (user.email) body.email = user.email;
  response.body = body;
});

const handler = service.requestHandler;
const http = createServer((req, res) => {
  if (req.url === '/__test/default-user' && req.method === 'PUT') {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      defaultUser = { emailVerified: true, name: null, picture: null, ...JSON.parse(raw || '{}') };
      res.writeHead(204).end();
    });
    return;
  }
  handler(req, res);
});
http.listen(0, '127.0.0.1', () => {
  const { port } = http.address();
  server.issuer.url = `http://127.0.0.1:${port}`;
  process.stdout.write(`${JSON.stringify({ url: server.issuer.url })}\n`);
});
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
