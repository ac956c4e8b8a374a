import { classifySiteRequest } from './site-request';

const pages = new Set(['/', '/media', '/merch', '/events', '/about', '/contact']);
const files = new Set(['/favicon.ico']);
const classify = (url: string) => classifySiteRequest(url, pages, files);

describe('classifySiteRequest', () => {
  it('finds the six pages, with or without a trailing slash or query', () => {
    expect(classify('/')).toEqual({ kind: 'page', path: '/', variant: 'default', draft: false, at: null });
    expect(classify('/events/')).toEqual({ kind: 'page', path: '/events', variant: 'default', draft: false, at: null });
    expect(classify('/media?utm_source=x')).toEqual({ kind: 'page', path: '/media', variant: 'default', draft: false, at: null });
  });

  it('notices stage=draft', () => {
    expect(classify('/about?stage=draft')).toMatchObject({ kind: 'page', draft: true });
    expect(classify('/about?stage=live')).toMatchObject({ kind: 'page', draft: false });
    // DESIGN §13: a point of history, digits only.
    expect(classify('/events?at=42')).toMatchObject({ kind: 'page', path: '/events', at: 42 });
    expect(classify('/events?at=-1')).toMatchObject({ kind: 'page', at: null });
    expect(classify('/events?at=1e9')).toMatchObject({ kind: 'page', at: null });
    expect(classify('/events.ics')).toEqual({ kind: 'pass' });
  });

  it('tells the contact outcomes of a form posted without JavaScript apart', () => {
    expect(classify('/contact?sent=1')).toMatchObject({ variant: 'sent' });
    expect(classify('/contact?failed=1')).toMatchObject({ variant: 'failed' });
    expect(classify('/events?sent=1')).toMatchObject({ variant: 'default' });
  });

  it('leaves the API, built assets and client files alone', () => {
    expect(classify('/api/settings?stage=draft')).toEqual({ kind: 'pass' });
    expect(classify('/api/settings?stage=live&x=1')).toEqual({ kind: 'pass' });
    expect(classify('/api')).toEqual({ kind: 'pass' });
    expect(classify('/favicon.ico')).toEqual({ kind: 'pass' });
  });

  it('answers the live settings and the hashed build files itself', () => {
    expect(classify('/api/settings')).toEqual({ kind: 'liveSettings' });
    expect(classify('/api/settings?stage=live')).toEqual({ kind: 'liveSettings' });
    expect(classify('/assets/index-abc.js')).toEqual({ kind: 'asset', path: '/index-abc.js' });
    expect(classify('/assets/index-abc.js?v=1')).toEqual({ kind: 'asset', path: '/index-abc.js' });
  });

  it('serves the admin shell, the sitemap and robots.txt', () => {
    expect(classify('/admin')).toEqual({ kind: 'admin' });
    expect(classify('/admin/audit?x=1')).toEqual({ kind: 'admin' });
    expect(classify('/sitemap.xml')).toEqual({ kind: 'sitemap' });
    expect(classify('/robots.txt')).toEqual({ kind: 'robots' });
  });

  it('calls everything else unknown', () => {
    expect(classify('/nope')).toEqual({ kind: 'unknown', draft: false });
    expect(classify('/administrator')).toEqual({ kind: 'unknown', draft: false });
    expect(classify('/apiary')).toEqual({ kind: 'unknown', draft: false });
    expect(classify('/nope?stage=draft')).toEqual({ kind: 'unknown', draft: true });
  });

  it('trims any number of trailing slashes in one pass (a quadratic pattern stalled on 16,000 slashes)', () => {
    expect(classify(`/events${'/'.repeat(1_000_000)}`)).toEqual({ kind: 'page', path: '/events', variant: 'default', draft: false, at: null });
    expect(classify(`/${'/'.repeat(1_000_000)}a`)).toEqual({ kind: 'unknown', draft: false });
    expect(classify('/'.repeat(1_000_000))).toEqual({ kind: 'page', path: '/', variant: 'default', draft: false, at: null });
  });
});
