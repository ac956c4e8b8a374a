import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { apiRequest } from './api';
import { SIGNED_OUT, type SessionSnapshot, type SessionUser, logoutDestination, sameSession, sessionFrom } from './session-state';

export type { SessionUser } from './session-state';

export interface Session {
  status: 'loading' | 'ready';
  user: SessionUser | null;
  isAdmin: boolean;
  isAuditor: boolean;
  sessionTimeoutMinutes: number;
  /** Asks the server again who is signed in. */
  refresh(): Promise<void>;
  /** 'Stay signed in': rolls the server session ('expired' when it is already gone). */
  keepAlive(): Promise<'ok' | 'expired' | 'failed'>;
  /** Ends the session, then leaves for /admin or / (SPEC §4). */
  logout(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/**
 * Who is signed in, for the whole app (public chrome and admin). Starts 'loading' on the server and
 * in the browser alike, so hydration matches; any failure of /api/auth/me means signed out.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<'loading' | 'ready'>('loading');
  const [snapshot, setSnapshot] = useState<SessionSnapshot>(SIGNED_OUT);
  const generation = useRef(0);

  const refresh = useCallback(async () => {
    const mine = ++generation.current;
    const result = await apiRequest('GET', '/api/auth/me');
    if (mine !== generation.current) return;
    const next = result.ok ? sessionFrom(result.body) : SIGNED_OUT;
    setSnapshot((current) => (sameSession(current, next) ? current : next));
    setStatus('ready');
  }, []);

  const keepAlive = useCallback(async () => {
    const result = await apiRequest('POST', '/api/auth/refresh');
    if (result.ok) return 'ok' as const;
    return result.status === 401 ? ('expired' as const) : ('failed' as const);
  }, []);

  const logout = useCallback(async () => {
    generation.current += 1;
    await apiRequest('POST', '/api/auth/logout');
    setSnapshot(SIGNED_OUT);
    window.location.assign(logoutDestination(window.location.pathname));
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo<Session>(() => ({ status, ...snapshot, refresh, keepAlive, logout }), [status, snapshot, refresh, keepAlive, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it.');
  return session;
}
