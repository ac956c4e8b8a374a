/** The draft lock as the editor sees it (SPEC §4): none, held by me, locked by another; pure state and reducer. */
import type { ReceivedLock } from './settings-api';

export type LockStatus = 'loading' | 'none' | 'mine' | 'other';

/**
 * What the server last said about the lock. "Mine" is derived at read time from the holder and the
 * signed-in email, so it stays right whichever of the two arrives first.
 */
export interface LockState {
  /** false until the first lock answer (or failure). */
  known: boolean;
  /** null: nobody holds it; {email: null}: someone else does but the answer did not say who. */
  holder: { email: string | null; name?: string | null; acquiredAt?: string | null; expiresAt?: string | null } | null;
  /** Red text beside the lock control (SPEC §8), null when the last call went well. */
  error: string | null;
  /** A lock call is in flight (Acquire and Release wait for it). */
  pending: boolean;
}

/** The lock as the header shows it. */
export interface LockView {
  status: LockStatus;
  /** The holder's email as the server spells it (shown for 'other'). */
  holderEmail: string | null;
  /** The name the holder signed in with, when the server knows it (issue 25: shown before the email). */
  holderName: string | null;
  /** Since when the holder has it, and when it lapses unless they keep editing (issue 12 point 4). */
  acquiredAt: string | null;
  expiresAt: string | null;
  error: string | null;
  pending: boolean;
}

export const INITIAL_LOCK_STATE: LockState = { known: false, holder: null, error: null, pending: false };

/** SPEC §4 "Holders are compared by lower-cased email". */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.trim() !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function lockView(state: LockState, myEmail: string | null): LockView {
  const { error, pending } = state;
  if (!state.known) return { status: 'loading', holderEmail: null, holderName: null, acquiredAt: null, expiresAt: null, error, pending };
  if (state.holder === null) return { status: 'none', holderEmail: null, holderName: null, acquiredAt: null, expiresAt: null, error, pending };
  const { email, name = null, acquiredAt = null, expiresAt = null } = state.holder;
  return { status: sameEmail(email, myEmail) ? 'mine' : 'other', holderEmail: email, holderName: name, acquiredAt, expiresAt, error, pending };
}

export type LockAction =
  | { type: 'request' }
  /** A lock answer (GET, acquire, release): the state follows what the server says. */
  | { type: 'lock'; lock: ReceivedLock | null }
  /** Someone else holds it (a 423); who (and since when) may be unknown when no answer said. */
  | { type: 'held-by-other'; lock: ReceivedLock | null; error: string | null }
  /** A call failed; what we knew about the holder is kept. */
  | { type: 'failure'; error: string }
  | { type: 'clear-error' };

export function lockReducer(state: LockState, action: LockAction): LockState {
  switch (action.type) {
    case 'request':
      return { ...state, pending: true };
    case 'lock':
      return {
        known: true,
        holder:
          action.lock && action.lock.holder_email.trim() !== ''
            ? { email: action.lock.holder_email, name: action.lock.holder_name ?? null, acquiredAt: action.lock.acquired_at ?? null, expiresAt: action.lock.expires_at ?? null }
            : null,
        error: null,
        pending: false,
      };
    case 'held-by-other':
      return {
        known: true,
        holder: { email: action.lock?.holder_email ?? null, name: action.lock?.holder_name ?? null, acquiredAt: action.lock?.acquired_at ?? null, expiresAt: action.lock?.expires_at ?? null },
        error: action.error,
        pending: false,
      };
    case 'failure':
      return { ...state, known: true, error: action.error, pending: false };
    case 'clear-error':
      return state.error === null ? state : { ...state, error: null };
    default: {
      const _exhaustive: never = action;
      return _exhaustive;
    }
  }
}

/** SPEC §9 timings; injectable so tests can shorten them. */
export interface LockTiming {
  ttlSeconds: number;
  /** While held: refresh (re-acquire with the TTL) this often. */
  refreshMs: number;
  /** While another editor holds it: ask who holds it this often. */
  pollMs: number;
  /** After leaving the editing screens: release unless another editing screen took over within this time. */
  releaseGraceMs: number;
}

export const DEFAULT_LOCK_TIMING: LockTiming = { ttlSeconds: 300, refreshMs: 60_000, pollMs: 90_000, releaseGraceMs: 2_000 };

/** 'Bea Booker' when the holder's name is known, else their email (issue 25: people by name, email alongside). */
export function holderDisplayName(lock: { holder_email?: string | null; holder_name?: string | null } | null | undefined): string | null {
  const name = lock?.holder_name?.trim();
  return name ? name : (lock?.holder_email ?? null);
}
