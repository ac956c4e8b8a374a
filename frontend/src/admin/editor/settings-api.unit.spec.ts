import { failureText, lockFailureText, lockFrom, settingsFrom, versionsFrom, type ApiResult } from './settings-api';

const result = (status: number, error: string | null = null): ApiResult => ({ ok: status < 400, status, body: null, error, errorBody: null });

describe('settings API answers', () => {
  it('prefers the server error, then the situation default, then "Request failed: {status}" (SPEC §8)', () => {
    expect(failureText(result(500, 'Disk full'), 'Failed to save draft')).toBe('Disk full');
    expect(failureText(result(500), 'Failed to save draft')).toBe('Failed to save draft');
    expect(failureText(result(502))).toBe('Request failed: 502');
  });

  it('gives lock 423 and 403 their own texts when the server sends none', () => {
    expect(lockFailureText(result(423), 'Failed to acquire lock')).toBe('Draft locked by another editor.');
    expect(lockFailureText(result(403), 'Failed to acquire lock')).toBe('Admin access required to edit draft.');
    expect(lockFailureText(result(500), 'Failed to acquire lock')).toBe('Failed to acquire lock');
    expect(lockFailureText(result(423, 'Held by bob'), 'Failed to acquire lock')).toBe('Held by bob');
  });

  it('reads settings flat or wrapped in {data}, and nothing from an error body', () => {
    expect(settingsFrom({ site_title: 'A' })).toEqual({ site_title: 'A' });
    expect(settingsFrom({ data: { site_title: 'B' }, error: null })).toEqual({ site_title: 'B' });
    expect(settingsFrom({ error: 'nope' })).toBeNull();
    expect(settingsFrom(null)).toBeNull();
  });

  it('reads the lock and the versions list defensively', () => {
    expect(lockFrom({ lock: { holder_email: 'a@b.c' } })).toEqual({ holder_email: 'a@b.c' });
    expect(lockFrom({ lock: null })).toBeNull();
    expect(lockFrom({ lock: { holder_email: 5 } })).toBeNull();
    expect(versionsFrom({ versions: [{ id: 'v1' }, { nope: true }, null] })).toEqual([{ id: 'v1' }]);
    expect(versionsFrom({})).toEqual([]);
  });
});
