import { createContext, useContext, useEffect, useRef } from 'react';

/**
 * Runs before an automatic sign-out, e.g. to save an eligible draft (SPEC §4). It may answer
 * 'saved-draft' when it saved unsaved edits, so the sign-in screen can say so (issue 25).
 */
export type BeforeAutoLogoutOutcome = void | 'saved-draft';
export type BeforeAutoLogout = () => BeforeAutoLogoutOutcome | Promise<BeforeAutoLogoutOutcome>;

export interface AutoLogoutRegistry {
  /** Adds a hook; returns the function that removes it. */
  register(hook: BeforeAutoLogout): () => void;
}

export const AutoLogoutContext = createContext<AutoLogoutRegistry | null>(null);

/** How long sign-out waits for the hooks (a hung save must not keep a session open). */
export const BEFORE_AUTO_LOGOUT_LIMIT_MS = 10_000;

export function createAutoLogoutRegistry(): AutoLogoutRegistry & { runAll(): Promise<BeforeAutoLogoutOutcome[]> } {
  const hooks = new Set<BeforeAutoLogout>();
  return {
    register(hook) {
      hooks.add(hook);
      return () => {
        hooks.delete(hook);
      };
    },
    async runAll() {
      const all = Promise.allSettled([...hooks].map(async (hook) => hook()));
      const settled = await Promise.race([all, new Promise<null>((resolve) => setTimeout(() => resolve(null), BEFORE_AUTO_LOGOUT_LIMIT_MS))]);
      return settled === null ? [] : settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    },
  };
}

/**
 * For editor screens: `hook` runs when the inactivity countdown reaches zero or the admin picks
 * 'Sign out now', before the session ends. The latest `hook` is used; outside the admin shell it
 * does nothing.
 */
export function useBeforeAutoLogout(hook: BeforeAutoLogout): void {
  const registry = useContext(AutoLogoutContext);
  const latest = useRef(hook);
  latest.current = hook;
  useEffect(() => registry?.register(() => latest.current()), [registry]);
}
