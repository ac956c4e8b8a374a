import { useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from './session';

/** SPEC §2/§6: 'Admin Mode' in the public nav for a signed-in user; nothing otherwise. */
export function AdminModeBadge({ className = 'admin-mode-badge' }: { className?: string }) {
  const { status, user } = useSession();
  if (status !== 'ready' || !user) return null;
  return <span className={className}>Admin Mode</span>;
}

/**
 * SPEC §2: the signed-in admin's avatar linking to /admin, only outside the admin area. Hidden when
 * there is no picture or it fails to load.
 */
export function AdminAvatarLink({ className = 'admin-avatar-link', size = 32 }: { className?: string; size?: number }) {
  const { status, user } = useSession();
  const { pathname } = useLocation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (status !== 'ready' || !user?.picture || failedSrc === user.picture) return null;
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return null;
  const picture = user.picture;
  return (
    <a className={className} href="/admin" title="Open the admin area">
      <img
        src={picture}
        alt={`${user.name ?? user.email} – admin area`}
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        style={{ borderRadius: '50%', objectFit: 'cover', display: 'block' }}
        onError={() => setFailedSrc(picture)}
      />
    </a>
  );
}
