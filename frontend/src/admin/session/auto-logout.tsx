import { createContext, useContext, useEffect, useRef } from 'react';

/** Runs before an automatic sign-out, e.g. to save an eligible draft (SPEC §4). */
export type BeforeAutoLogout = () => void | Promise<void>;

export interface AutoLogoutRegistry {
  /** Adds a hook; returns the function that removes it. */
  register(hook: BeforeAutoLogout): () => void;
}

export const AutoLogoutContext = createContext<AutoLogoutRegistry | null>(null);

/** How long sign-out waits for the hooks (a hung save must not keep a session open). */
export const BEFORE_AUTO_LOGOUT_LIMIT_MS = 10_000;

export function createAutoLogoutRegistry(): AutoLogoutRegistry & { runAll(): Promise<void> } {
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
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, BEFORE_AUTO_LOGOUT_LIMIT_MS))]);
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
