/**
 * Why the admin was signed out, for the sign-in screen that follows (issue 25: the automatic
 * sign-out gave no reason). Kept in sessionStorage for the one page load after the sign-out: it
 * belongs to this tab, and it says nothing a signed-out visitor of this tab may not read.
 */
const KEY = 'punchline.sign-out-reason';

export interface SignOutReason {
  /** 'timeout': the inactivity countdown ran out (or the server session had already ended); 'chosen': 'Sign out now'. */
  reason: 'timeout' | 'chosen';
  minutes: number;
  /** Unsaved edits were saved into the draft before the session ended. */
  savedDraft: boolean;
}

export function rememberSignOutReason(reason: SignOutReason): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(reason));
  } catch {
    // Storage unavailable: the sign-in screen then shows no reason.
  }
}

/** What this page load took from storage (the gate may mount more than once in one load). */
let taken: SignOutReason | null | undefined;

/** Reads the reason once per page load: the next sign-in screen shows it, a reload does not. */
export function takeSignOutReason(): SignOutReason | null {
  if (taken === undefined) taken = readAndForget();
  return taken;
}

function readAndForget(): SignOutReason | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    window.sessionStorage.removeItem(KEY);
    const parsed = JSON.parse(raw) as Partial<SignOutReason>;
    if ((parsed.reason !== 'timeout' && parsed.reason !== 'chosen') || typeof parsed.minutes !== 'number') return null;
    return { reason: parsed.reason, minutes: parsed.minutes, savedDraft: parsed.savedDraft === true };
  } catch {
    return null;
  }
}

/** The sentence the sign-in screen shows. */
export function signOutReasonText(reason: SignOutReason): string {
  const why =
    reason.reason === 'timeout'
      ? `You were signed out automatically: the session timed out after ${reason.minutes} ${reason.minutes === 1 ? 'minute' : 'minutes'} without activity.`
      : 'You signed out.';
  return reason.savedDraft ? `${why} Your unsaved edits were saved to the draft first.` : why;
}
