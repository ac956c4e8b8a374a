import { AdminAvatarLink, AdminModeBadge } from '../../shared/admin-badge';

/**
 * SPEC §2: 'Admin Mode' and the admin's avatar (linking to /admin) in the public nav when signed in.
 * Both render nothing on the server and until /api/auth/me answers, so cached pages stay the same for everyone.
 */
export function AdminIndicator() {
  return (
    <div className="admin-indicator">
      <AdminModeBadge className="admin-indicator__badge" />
      <AdminAvatarLink className="admin-indicator__avatar" size={32} />
    </div>
  );
}
