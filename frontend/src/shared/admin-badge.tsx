import { useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from './session';

/** SPEC §2/§6: 'Admin Mode' in the public nav for a signed-in user; nothing otherwise. */
export function AdminModeBadge({ className = 'admin-mode-badge' }: { className?: string }) {
  const { status, user } = useSession();
  if (status !== 'ready' || !user) return null;
  return <span className={className}>Admin Mode</span>;
}

/** The first letter of a name or address, for the avatar's stand-in ('Ada Admin' → 'A'). */
export function avatarInitial(text: string): string {
  const first = [...text.trim()][0];
  return first ? first.toLocaleUpperCase() : '?';
}

/**
 * SPEC §2: the signed-in admin's avatar linking to /admin, only outside the admin area. A picture
 * that is missing or fails to load is hidden; the link stays, as the admin's initial in a circle,
 * so an admin without a picture (or whose provider's image is blocked) still has a way back.
 */
export function AdminAvatarLink({ className = 'admin-avatar-link', size = 32 }: { className?: string; size?: number }) {
  const { status, user } = useSession();
  const { pathname } = useLocation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (status !== 'ready' || !user) return null;
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return null;
  const picture = user.picture && failedSrc !== user.picture ? user.picture : null;
  const name = user.name ?? user.email;
  return (
    <a className={className} href="/admin" title="Open the admin area" aria-label={`${name} – admin area`}>
      {picture ? (
        <img
          src={picture}
          alt=""
          width={size}
          height={size}
          referrerPolicy="no-referrer"
          style={{ borderRadius: '50%', objectFit: 'cover', display: 'block' }}
          onError={() => setFailedSrc(picture)}
        />
      ) : (
        <span className="admin-avatar-initial" aria-hidden="true" style={{ width: size, height: size, fontSize: size * 0.45 }}>
          {avatarInitial(name)}
        </span>
      )}
    </a>
  );
}
