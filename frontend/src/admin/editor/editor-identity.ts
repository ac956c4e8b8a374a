/** Who is editing: the signed-in admin's email, to tell "held by me" from "locked by another" (SPEC §4). */
import { useEffect, useState } from 'react';

export function useEditorIdentity(): string | null {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void fetch('/api/auth/me', { credentials: 'include', headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: { user?: { email?: unknown } } | null) => {
        if (!cancelled && typeof body?.user?.email === 'string') setEmail(body.user.email);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return email;
}
