import { useState } from 'react';
import { useSession } from '../../shared/session';

/** SPEC §2: name, email, avatar (hidden when it fails to load) and Logout. */
export function UserBox() {
  const { user, logout } = useSession();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;
  const showAvatar = user.picture !== null && failedSrc !== user.picture;
  return (
    <section className="admin-user" aria-label="Signed-in admin">
      {showAvatar ? (
        <img className="admin-user__avatar" src={user.picture!} alt="" width={40} height={40} referrerPolicy="no-referrer" onError={() => setFailedSrc(user.picture)} />
      ) : null}
      <div className="admin-user__text">
        <span className="admin-user__name">{user.name ?? user.email}</span>
        <span className="admin-user__email">{user.email}</span>
      </div>
      <button
        type="button"
        className="admin-button admin-button--secondary admin-user__logout"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void logout();
        }}
      >
        {leaving ? 'Logging out…' : 'Logout'}
      </button>
    </section>
  );
}
