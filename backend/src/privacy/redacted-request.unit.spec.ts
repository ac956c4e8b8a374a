import { redactUrl, redactedRequest } from './redacted-request';

describe('the request log without query values', () => {
  it('keeps the path and the parameter names, never their values', () => {
    expect(redactUrl('/api/admin/privacy?email=ada%40example.com')).toBe('/api/admin/privacy?email=[redacted]');
    expect(redactUrl('/api/admin/contact-responses?q=ada&q=bob&limit=50')).toBe('/api/admin/contact-responses?q=[redacted]&limit=[redacted]');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
  it('redacts the serialized request pino-http logs', () => {
    expect(redactedRequest({ id: 1, method: 'GET', url: '/api/admin/privacy?email=a@b.example', query: { email: 'a@b.example' }, headers: {} })).toEqual({
      id: 1,
      method: 'GET',
      url: '/api/admin/privacy?email=[redacted]',
      query: { email: '[redacted]' },
      headers: {},
    });
  });
});
