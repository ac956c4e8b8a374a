import { signInNotice } from './admin-gate';
import { logoutDestination, sameSession, sessionFrom, signInHref } from '../../shared/session-state';

describe('admin gate texts', () => {
  it('explains why the last sign-in came back', () => {
    expect(signInNotice('?signin=failed')).toBe('Sign-in did not complete. Please try again.');
    expect(signInNotice('?signin=email_not_verified')).toMatch(/not verified/);
    expect(signInNotice('?signin=not_allowlisted')).toBeNull();
    expect(signInNotice('')).toBeNull();
  });
});

describe('session helpers', () => {
  it('reads /api/auth/me; anything odd means signed out', () => {
    expect(sessionFrom({ user: { email: 'a@b.c', name: 'A', picture: null }, isAdmin: true, sessionTimeoutMinutes: 15 })).toEqual({
      user: { email: 'a@b.c', name: 'A', picture: null },
      isAdmin: true,
      isAuditor: false,
      sessionTimeoutMinutes: 15,
    });
    expect(sessionFrom({ user: null, isAdmin: true })).toEqual({ user: null, isAdmin: false, isAuditor: false, sessionTimeoutMinutes: 30 });
    expect(sessionFrom('<html>')).toEqual({ user: null, isAdmin: false, isAuditor: false, sessionTimeoutMinutes: 30 });
    // An auditor (DESIGN §15); an admin listed as an auditor too is simply an admin.
    expect(sessionFrom({ user: { email: 'o@b.c' }, isAdmin: false, isAuditor: true })).toMatchObject({ isAdmin: false, isAuditor: true });
    expect(sessionFrom({ user: { email: 'o@b.c' }, isAdmin: true, isAuditor: true })).toMatchObject({ isAdmin: true, isAuditor: false });
    expect(sessionFrom({ user: { email: 'a@b.c' }, isAdmin: 'yes' }).isAdmin).toBe(false);
  });

  it('logs out to /admin from admin paths and to / elsewhere (SPEC §4)', () => {
    expect(logoutDestination('/admin')).toBe('/admin');
    expect(logoutDestination('/admin/media')).toBe('/admin');
    expect(logoutDestination('/administrator')).toBe('/');
    expect(logoutDestination('/about')).toBe('/');
  });

  it('signs in through the server, coming back to the same path', () => {
    expect(signInHref('/admin/audit?x=1')).toBe('/api/auth/google?returnTo=%2Fadmin%2Faudit%3Fx%3D1');
    expect(signInHref('/admin', { chooseAccount: true })).toBe('/api/auth/google?returnTo=%2Fadmin&prompt=select_account');
  });
});

describe('re-reading the session', () => {
  const admin = sessionFrom({ user: { email: 'a@b.c', name: 'A', picture: null }, isAdmin: true });
  it('keeps a reading that says the same, so a re-check after a 403 that changes nothing renders nothing', () => {
    expect(sameSession(admin, sessionFrom({ user: { email: 'a@b.c', name: 'A', picture: null }, isAdmin: true }))).toBe(true);
  });

  it('takes one that says otherwise: no longer an admin, now an auditor, another name', () => {
    expect(sameSession(admin, sessionFrom({ user: { email: 'a@b.c', name: 'A' }, isAdmin: false }))).toBe(false);
    expect(sameSession(admin, sessionFrom({ user: { email: 'a@b.c', name: 'A' }, isAdmin: false, isAuditor: true }))).toBe(false);
    expect(sameSession(admin, sessionFrom({ user: { email: 'a@b.c', name: 'B' }, isAdmin: true }))).toBe(false);
    expect(sameSession(admin, sessionFrom(null))).toBe(false);
  });
});
