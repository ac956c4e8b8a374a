import type { Request } from 'express';

/** The user a session belongs to (SPEC §3 "Session user"; isAdmin is decided per request, never stored). */
export interface SessionUser {
  email: string;
  name: string | null;
  picture: string | null;
}

declare module 'express-session' {
  interface SessionData {
    user?: SessionUser;
    /** Same-origin path to land on after the provider sends the browser back. */
    returnTo?: string;
    signedInAt?: string;
  }
}

/** The signed-in user of a request, or null for visitors and expired sessions. */
export function sessionUserOf(req: Request): SessionUser | null {
  return req.session?.user ?? null;
}

export function regenerateSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((err: unknown) => (err ? reject(err) : resolve())));
}

export function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err: unknown) => (err ? reject(err) : resolve())));
}

export function destroySession(req: Request): Promise<void> {
  if (!req.session) return Promise.resolve();
  return new Promise((resolve, reject) => req.session.destroy((err: unknown) => (err ? reject(err) : resolve())));
}
