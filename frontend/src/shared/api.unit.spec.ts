import { apiDownload, apiRequest, onAccessDenied } from './api';

const realFetch = globalThis.fetch;

function answering(status: number, body: unknown = {}): void {
  globalThis.fetch = jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;
}

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('onAccessDenied: 403 answers are heard (the admin gate re-checks who is signed in)', () => {
  it('tells listeners the path of every 403, from requests and downloads, until they unsubscribe', async () => {
    const heard: string[] = [];
    const stop = onAccessDenied((path) => heard.push(path));
    answering(403, { error: 'Admin access required.' });
    const refused = await apiRequest('GET', '/api/admin/audit?limit=100');
    expect([refused.status, refused.error]).toEqual([403, 'Admin access required.']);
    await apiDownload('/api/admin/contact-responses?format=csv');
    expect(heard).toEqual(['/api/admin/audit?limit=100', '/api/admin/contact-responses?format=csv']);
    stop();
    await apiRequest('GET', '/api/admin/audit');
    expect(heard).toHaveLength(2);
  });

  it('stays quiet for other statuses and for the sign-in calls themselves', async () => {
    const heard = jest.fn();
    const stop = onAccessDenied(heard);
    answering(401);
    await apiRequest('GET', '/api/admin/audit');
    answering(423);
    await apiRequest('POST', '/api/settings/lock/acquire', { ttlSeconds: 300 });
    answering(200, { items: [] });
    await apiRequest('GET', '/api/admin/audit');
    answering(403);
    await apiRequest('POST', '/api/auth/refresh');
    expect(heard).not.toHaveBeenCalled();
    stop();
  });
});
