import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { onAccessDenied } from '../../shared/api';
import { useSession } from '../../shared/session';
import { signInHref } from '../../shared/session-state';
import { signOutReasonText, takeSignOutReason } from '../session/sign-out-reason';

/** Why the last sign-in attempt came back without admin access (?signin=… from the server). */
export function signInNotice(search: string): string | null {
  switch (new URLSearchParams(search).get('signin')) {
    case 'failed':
      return 'Sign-in did not complete. Please try again.';
    case 'email_not_verified':
      return 'Your Google account’s email address is not verified, so it cannot be used to sign in.';
    case 'email_missing':
      return 'Google did not share an email address for this account.';
    default:
      return null;
  }
}

/**
 * Asks /api/auth/me again whenever an API call is refused with 403 (one question at a time): access
 * is re-checked on every request (DESIGN §8), so an admin removed from the allowlist gets 403 from
 * then on, and the gate must follow without a reload. Who is still an admin, or an auditor refused an
 * admin-only route (DESIGN §15), reads the same as before and keeps the screen.
 */
function useRecheckWhenDenied(refresh: () => Promise<void>): void {
  useEffect(() => {
    let checking = false;
    return onAccessDenied(() => {
      if (checking) return;
      checking = true;
      void refresh().finally(() => {
        checking = false;
      });
    });
  }, [refresh]);
}

/**
 * SPEC §2 "Admin gate": 'Checking admin access…' while /api/auth/me answers, the sign-in prompt for
 * anyone the server does not flag as admin, the admin area otherwise.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  useRecheckWhenDenied(session.refresh);
  // Issue 25: after an automatic sign-out the screen says why (read once, for this page load).
  const [signedOut] = useState(() => (typeof window === 'undefined' ? null : takeSignOutReason()));
  if (session.status === 'loading') {
    return (
      <div className="admin-gate">
        <p className="admin-gate__checking" role="status">
          Checking admin access…
        </p>
      </div>
    );
  }
  // Auditors enter too; the layout and routes then offer them the two screens that read the log.
  if (session.isAdmin || session.isAuditor) return <>{children}</>;
  const notice = signInNotice(location.search);
  const returnTo = `${location.pathname}${location.search.replace(/[?&]signin=[^&]*/, '').replace(/^&/, '?')}${location.hash}`;
  return (
    <div className="admin-gate">
      <main className="admin-gate__card" aria-labelledby="admin-gate-title">
        <p className="admin-gate__brand">Punchline Admin</p>
        <h1 id="admin-gate-title">Admin sign-in required</h1>
        {signedOut && !session.user ? (
          <p className="admin-gate__signed-out" role="status">
            {signOutReasonText(signedOut)}
          </p>
        ) : null}
        {session.user ? (
          <p>
            You are signed in as <strong>{session.user.email}</strong>, which is not on the admin allowlist. Ask an admin to add it, or sign in
            with another account.
          </p>
        ) : (
          <p>Sign in with an allowlisted Google account to edit the site.</p>
        )}
        {notice ? (
          <p className="admin-error" role="alert">
            {notice}
          </p>
        ) : null}
        <div className="admin-gate__actions">
          <button type="button" className="admin-button admin-button--primary admin-button--google" onClick={() => window.location.assign(signInHref(returnTo, { chooseAccount: session.user !== null }))}>
            <GoogleMark />
            Sign in with Google
          </button>
          {session.user ? (
            <button type="button" className="admin-button admin-button--secondary" onClick={() => void session.logout()}>
              Sign out
            </button>
          ) : null}
        </div>
        <a className="admin-gate__back" href="/">
          ← Back to the site
        </a>
      </main>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48" focusable="false">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}
