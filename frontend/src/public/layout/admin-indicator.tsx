import { AdminAvatarLink, AdminModeBadge } from '../../shared/admin-badge';

/**
 * SPEC §2: 'Admin Mode' and the admin's avatar (linking to /admin) in the public nav when signed in,
 * after the 'Draft preview' flag of a draft view. The badge and avatar render nothing on the server
 * and until /api/auth/me answers, so cached pages stay the same for everyone.
 */
export function AdminIndicator({ draft }: { draft: boolean }) {
  return (
    <div className="admin-indicator">
      {draft ? <span className="draft-flag">Draft preview</span> : null}
      <AdminModeBadge className="admin-indicator__badge" />
      <AdminAvatarLink className="admin-indicator__avatar" size={32} />
    </div>
  );
}
