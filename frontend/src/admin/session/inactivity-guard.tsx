import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSession } from '../../shared/session';
import { AutoLogoutContext, createAutoLogoutRegistry } from './auto-logout';
import { rememberSignOutReason, type SignOutReason } from './sign-out-reason';
import { ACTIVITY_EVENTS, INACTIVITY_COUNTDOWN_SECONDS, LAST_ACTIVITY_STORAGE_KEY, inactivityPhase, sharedLastActivity } from './inactivity';

const TICK_MS = 1000;
const SHARE_EVERY_MS = 5000;

function readShared(): string | null {
  try {
    return window.localStorage.getItem(LAST_ACTIVITY_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Watches for inactivity in the admin area (SPEC §4): after the session timeout with no activity
 * it opens 'Are you still there?' with a 60 s countdown. 'Stay signed in' rolls the server session;
 * zero or 'Sign out now' runs the before-auto-logout hooks (draft auto-save), then logs out.
 */
export function InactivityGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const registry = useMemo(() => createAutoLogoutRegistry(), []);
  const timeoutMs = session.sessionTimeoutMinutes * 60_000;
  const lastActivity = useRef(Date.now());
  const lastShared = useRef(0);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [busy, setBusy] = useState<'staying' | 'leaving' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const leaving = useRef(false);
  const warningOpen = secondsLeft !== null;

  const signOut = useRef<(reason: SignOutReason['reason']) => Promise<void>>(async () => undefined);
  signOut.current = async (reason) => {
    if (leaving.current) return;
    leaving.current = true;
    setBusy('leaving');
    const outcomes = await registry.runAll();
    // Issue 25: the sign-in screen says why, and that unsaved edits were saved when they were.
    rememberSignOutReason({ reason, minutes: session.sessionTimeoutMinutes, savedDraft: outcomes.includes('saved-draft') });
    await session.logout();
  };

  useEffect(() => {
    const onActivity = () => {
      // While the dialog is open only its buttons count: the admin must answer it.
      if (secondsLeft !== null) return;
      const now = Date.now();
      lastActivity.current = now;
      if (now - lastShared.current > SHARE_EVERY_MS) {
        lastShared.current = now;
        try {
          window.localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(now));
        } catch {
          // Storage may be off (private mode): this tab still tracks itself.
        }
      }
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true, capture: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [secondsLeft]);

  useEffect(() => {
    const tick = () => {
      const last = sharedLastActivity(readShared(), lastActivity.current);
      const phase = inactivityPhase(Date.now(), last, timeoutMs);
      if (phase.phase === 'active') setSecondsLeft(null);
      else if (phase.phase === 'warning') setSecondsLeft(phase.secondsLeft);
      else {
        setSecondsLeft(0);
        void signOut.current('timeout');
      }
    };
    const timer = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(timer);
  }, [timeoutMs]);

  const staySignedIn = async () => {
    setBusy('staying');
    setError(null);
    const outcome = await session.keepAlive();
    setBusy(null);
    if (outcome === 'expired') {
      // The server session is already gone: nothing to keep.
      void signOut.current('timeout');
      return;
    }
    if (outcome === 'failed') {
      setError('Could not reach the server to keep you signed in. Try again.');
      return;
    }
    const now = Date.now();
    lastActivity.current = now;
    try {
      window.localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(now));
    } catch {
      // See above.
    }
    setSecondsLeft(null);
  };

  return (
    <AutoLogoutContext.Provider value={registry}>
      {children}
      <InactivityDialog
        open={warningOpen}
        secondsLeft={secondsLeft ?? INACTIVITY_COUNTDOWN_SECONDS}
        busy={busy}
        error={error}
        onStay={() => void staySignedIn()}
        onSignOut={() => void signOut.current('chosen')}
      />
    </AutoLogoutContext.Provider>
  );
}

function InactivityDialog(props: { open: boolean; secondsLeft: number; busy: 'staying' | 'leaving' | null; error: string | null; onStay: () => void; onSignOut: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) {
      dialog.showModal();
      stayRef.current?.focus();
    } else if (!props.open && dialog.open) dialog.close();
  }, [props.open]);

  const seconds = Math.max(0, props.secondsLeft);
  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        // Escape means the admin is here: the same as 'Stay signed in'.
        event.preventDefault();
        if (!props.busy) props.onStay();
      }}
    >
      {props.open ? (
        <div className="admin-dialog__frame">
          <h2 id={titleId} className="admin-dialog__title">
            Are you still there?
          </h2>
          <p id={textId}>
            You have been inactive for a while. For security you will be signed out in{' '}
            <strong role="timer" aria-live="off" className="admin-dialog__countdown">
              {seconds} {seconds === 1 ? 'second' : 'seconds'}
            </strong>
            .
          </p>
          {props.busy === 'leaving' ? <p role="status">Signing out…</p> : null}
          {props.error ? (
            <p className="admin-error" role="alert">
              {props.error}
            </p>
          ) : null}
          <div className="admin-dialog__actions">
            <button type="button" className="admin-button admin-button--secondary" onClick={props.onSignOut} disabled={props.busy !== null}>
              Sign out now
            </button>
            <button ref={stayRef} type="button" className="admin-button admin-button--primary" onClick={props.onStay} disabled={props.busy !== null}>
              {props.busy === 'staying' ? 'Staying signed in…' : 'Stay signed in'}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
