import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import type { LinkItem } from '@punchline/domain';
import { getJson, queryKeys } from '../data/api-query';
import { watchSettingsEvents } from '../data/settings-events';
import { InactivityGuard } from '../session/inactivity-guard';
import { useSession } from '../../shared/session';
import { pendingBadgeText, usePendingResponses } from './pending-responses';
import { isExternalLink, quickLinksFrom } from './quick-links';
import { UserBox } from './user-box';
import './admin-layout.css';

interface NavItem {
  to: string;
  label: string;
  /** Other paths that are this screen (the index route). */
  also: readonly string[];
  /** Screens reached from this one, listed under it. */
  sub?: readonly NavItem[];
}

/**
 * Site history (DESIGN §13) is the Audit Log's companion: the same log, read as the site's states.
 * Listed under the Audit Log, so SPEC §2's five links stay five, named and ordered as they are, and
 * admins find it as auditors do (it was a link in the Audit Log's subtitle only).
 */
const SITE_HISTORY: NavItem = { to: '/admin/history', label: 'Site history', also: [] };

/** SPEC §2: the five admin screens, in sidebar order. */
export const ADMIN_NAV: readonly NavItem[] = [
  { to: '/admin/general', label: 'General Settings', also: ['/admin'] },
  { to: '/admin/page-configurations', label: 'Page Configurations', also: [] },
  { to: '/admin/media', label: 'Media Manager', also: [] },
  { to: '/admin/contact-responses', label: 'Contact Responses', also: [] },
  { to: '/admin/audit', label: 'Audit Log', also: [], sub: [SITE_HISTORY] },
];

/** DESIGN §15: what an auditor's sidebar offers (read-only). */
export const AUDITOR_NAV: readonly NavItem[] = [{ to: '/admin/audit', label: 'Audit Log', also: [], sub: [SITE_HISTORY] }];

/** Any answer of GET /api/settings?stage=live will do: what it lacks simply means no quick links. */
const loadLiveSettings = getJson('/api/settings?stage=live', (body) => body ?? {}, 'Failed to load the live settings');

/**
 * The quick links of live (SPEC §2), following live as it changes: this tab's publish or rollback
 * refreshes them at once (they invalidate the key), and the settings event stream's `live` event
 * tells of one made anywhere else (another admin, a scheduled publish). Every event asks again, the
 * first included: a publish made between this read and the stream's start would otherwise be missed.
 * Auditors may not open the stream (DESIGN §15); their links follow on the next screen load.
 */
function useQuickLinks(followLive: boolean): LinkItem[] {
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: queryKeys.liveSettings, queryFn: loadLiveSettings });
  useEffect(() => {
    if (!followLive) return undefined;
    return watchSettingsEvents({ live: () => void client.invalidateQueries({ queryKey: queryKeys.liveSettings }) });
  }, [followLive, client]);
  return useMemo(() => quickLinksFrom(data), [data]);
}

/**
 * After moving to another admin screen, keyboard and screen-reader users land on the new screen's
 * heading instead of the top of the page (issue 12 point 7); the first screen keeps the browser's
 * own focus. The heading becomes focusable by script only (tabindex -1), not a tab stop.
 */
function useFocusOnScreenChange(pathname: string): void {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // One frame later: the new screen has rendered its heading.
    const frame = requestAnimationFrame(() => {
      const main = document.getElementById('admin-main');
      const heading = main?.querySelector<HTMLElement>('h1');
      if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      (heading ?? main)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

/** The admin frame (SPEC §2): sidebar with the five screens, quick links, the user box, and the screen. */
export function AdminLayout() {
  const location = useLocation();
  const { isAuditor } = useSession();
  const pending = pendingBadgeText(usePendingResponses(!isAuditor));
  const nav = isAuditor ? AUDITOR_NAV : ADMIN_NAV;
  const quickLinks = useQuickLinks(!isAuditor);
  const [menuOpen, setMenuOpen] = useState(false);
  const sidebarId = useId();

  useEffect(() => setMenuOpen(false), [location.pathname]);
  useFocusOnScreenChange(location.pathname);

  return (
    <InactivityGuard>
      <div className={`admin-shell${menuOpen ? ' is-menu-open' : ''}`}>
        <a className="admin-skip" href="#admin-main">
          Skip to content
        </a>
        <header className="admin-topbar">
          <span className="admin-brand">Punchline Admin</span>
          <button type="button" className="admin-menu-toggle" aria-expanded={menuOpen} aria-controls={sidebarId} onClick={() => setMenuOpen((open) => !open)}>
            <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
            <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        </header>
        <aside className="admin-sidebar" id={sidebarId}>
          <span className="admin-brand admin-sidebar__brand">Punchline Admin</span>
          <nav aria-label="Admin">
            <ul className="admin-nav">
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink item={item} pathname={location.pathname} badge={item.to === '/admin/contact-responses' ? pending : null} />
                  {item.sub ? (
                    <ul className="admin-nav admin-nav--sub">
                      {item.sub.map((sub) => (
                        <li key={sub.to}>
                          <NavLink item={sub} pathname={location.pathname} badge={null} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </nav>
          {quickLinks.length > 0 ? (
            <nav aria-labelledby={`${sidebarId}-quick`} className="admin-quick">
              <h2 id={`${sidebarId}-quick`} className="admin-quick__title">
                Quick Links
              </h2>
              <ul className="admin-quick__list">
                {quickLinks.map((link) => (
                  <li key={`${link.label}|${link.url}`}>
                    {isExternalLink(link.url) ? (
                      <a href={link.url} target="_blank" rel="noopener noreferrer">
                        {link.label}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      <a href={link.url}>{link.label}</a>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <a className="admin-view-site" href="/" target="_blank" rel="noopener">
            View site
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <UserBox />
        </aside>
        <main className="admin-main" id="admin-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </InactivityGuard>
  );
}

function NavLink({ item, pathname, badge }: { item: NavItem; pathname: string; badge: string | null }) {
  const current = pathname === item.to || item.also.includes(pathname);
  return (
    <Link to={item.to} className={`admin-nav__link${current ? ' is-active' : ''}`} aria-current={current ? 'page' : undefined}>
      <span>{item.label}</span>
      {badge ? (
        <span className="admin-nav__badge">
          {badge}
          <span className="visually-hidden"> unanswered</span>
        </span>
      ) : null}
    </Link>
  );
}
